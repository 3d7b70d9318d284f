import type { Preparation } from '../../model/client-family';
import { bodyToDiv } from '../../stages/webmail/body-to-div';

const SOURCE = 'ProtonMail/WebClients mail-renderer getIframeHtml.ts; caniemail html-body';

/**
 * Proton Mail shows the email's body inside its own page: the body's class and style go to a
 * div around the content, its other attributes (bgcolor, background, text...) are dropped,
 * and that div sits in the client's wrappers (`#proton-root`, a full-width block, 10px of
 * padding below). The email's head, its style blocks included, becomes the page's head, so
 * `body` rules still style the page's body.
 */
export function wrapBodyLikeProton(p: Preparation): void {
  const dropped = bodyToDiv(p.$, {}, ['class', 'style']);
  p.$('body > div').wrap(
    '<div id="proton-root"><div style="display: block !important; width: 100% !important">' +
      '<div style="width: 100% !important; padding-bottom: 10px"></div></div></div>',
  );
  p.report.add(
    'rule:protonmail',
    dropped.length
      ? `The body becomes a div keeping its class and style; its ${dropped.join(', ')} dropped`
      : 'The body becomes a div keeping its class and style',
    '<body>',
    SOURCE,
  );
}
