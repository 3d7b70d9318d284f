import type { ClientProfile } from '../catalog/client-profile';
import { isAppleMail } from './apple/apple-mail';
import type { EmailDocument } from './email-document';
import { DARK_BACKGROUND, DARK_TEXT } from './dark-mode';
import { GMAIL_BODY_CLASS } from './gmail';

/** The client's own defaults, which the email's CSS overrides (hence first in the head). */
export function frameCss(profile: ClientProfile): string {
  const rules: string[] = [];
  const font = (family: string, size?: string) =>
    rules.push(`body { font-family: ${family};${size ? ` font-size: ${size};` : ''} }`);
  if (profile.rules.includes('word-engine')) font('"Times New Roman", Times, serif', '12pt');
  else if (profile.rules.includes('gmail')) {
    rules.push(
      `.${GMAIL_BODY_CLASS} { font-family: Arial, Helvetica, sans-serif; font-size: small; }`,
    );
  } else if (isAppleMail(profile)) font('Helvetica, Arial, sans-serif');
  else if (profile.rules.includes('outlook-com'))
    font('"Segoe UI", Calibri, Carlito, Arial, sans-serif', '14px');
  else font('Arial, Helvetica, sans-serif');
  if (profile.rules.includes('plain-text')) {
    rules.push(
      'pre { font-family: "Liberation Mono", "Courier New", monospace; font-size: 13px; white-space: pre-wrap; }',
    );
  }
  if (profile.rules.includes('gmail'))
    rules.push('.ip-gmail-clip { margin: 16px 8px; font: 13px Arial, sans-serif; }');
  // Apple Mail paints dark defaults only where the email allows it (apple/dark-mode.ts).
  if (profile.dark !== 'none' && !isAppleMail(profile)) {
    rules.push(`html { background: ${DARK_BACKGROUND}; color: ${DARK_TEXT}; }`);
    rules.push(`a { color: #8ab4f8; }`);
  }
  return rules.join('\n');
}

export function insertFrame($: EmailDocument, profile: ClientProfile): void {
  const style = $('<style id="ip-client-frame"></style>').text(frameCss(profile));
  const head = $('head');
  if (head.children().length) head.children().first().before(style);
  else head.append(style);
}
