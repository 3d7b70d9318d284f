import type { Preparation } from '../model/client-family';
import { ClientFont, clientFontFaces, fontsOf, standInsNamed } from '../fonts/client-fonts';
import { DARK_BACKGROUND, DARK_TEXT } from './colour-inversion';

/**
 * The client's own defaults, which the email's CSS overrides (hence first in the head): the
 * fonts its platform provides (client-fonts.ts), its default body font, the family's other
 * page CSS, then the default colours of a dark client, unless the family's own dark mode
 * paints them (Apple Mail: only where the email allows it).
 */
function frameCss(p: Preparation, fonts: readonly ClientFont[]): string {
  const { family, size } = p.family.defaultFont;
  const rules = [
    ...clientFontFaces(fonts),
    `body { font-family: ${family};${size ? ` font-size: ${size};` : ''} }`,
    ...(p.family.frameCss?.(p.profile) ?? []),
  ];
  if (p.profile.dark !== 'none' && !p.family.darkMode) {
    rules.push(`html { background: ${DARK_BACKGROUND}; color: ${DARK_TEXT}; }`);
    rules.push(`a { color: #8ab4f8; }`);
  }
  return rules.join('\n');
}

/** The frame stage: the client's defaults put first in the head. */
export function insertFrame(p: Preparation): void {
  const fonts = fontsOf(p.family.fonts, p.profile);
  for (const font of standInsNamed(fonts, p.email.html ?? ''))
    p.report.add(
      'rule:client-font',
      `${font.name} drawn with ${font.drawnWith.family} (${font.is})`,
      'font-family',
      "the client's platform fonts (README, Client fonts)",
    );
  const style = p.$('<style id="ip-client-frame"></style>').text(frameCss(p, fonts));
  const head = p.$('head');
  if (head.children().length) head.children().first().before(style);
  else head.append(style);
}
