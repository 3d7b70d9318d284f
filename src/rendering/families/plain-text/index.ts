import profiles from './profiles.json';
import type { ClientFamily } from '../../model/client-family';
import { ARIAL } from '../../fonts/client-fonts';
import { plainTextDocument } from './plain-text';

/** A text-only view: the text/plain part (or text derived from the HTML) in a monospaced font. */
export const plainText: ClientFamily = {
  name: 'plain-text',
  profiles,
  source: (source) => void (source.html = plainTextDocument(source.email.text, source.email.html)),
  defaultFont: { family: ARIAL, source: "Instant Preview's own text view" },
  frameCss: () => [
    'pre { font-family: "Liberation Mono", "Courier New", monospace; font-size: 13px; white-space: pre-wrap; }',
  ],
};
