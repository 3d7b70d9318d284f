import profiles from './profiles.json';
import type { ClientFamily } from '../../model/client-family';
import { wrapBodyLikeProton } from './body';
import { rewriteProtonStyles } from './style-rewrites';
import protonMailBehaviours from './behaviours/proton-mail.json';
import { behaviourGroups } from '../../model/behaviour';

/**
 * Proton Mail on the web (README.md: the documented behaviours and their sources). Its style
 * blocks are kept (caniemail html-style `y` since 2022-02), so caniemail's selector and
 * pseudo-element values, tested in 2020-03 when they were not, are superseded by Proton's own
 * retests (hteumeuleu/caniemail#603, #602).
 */
export const protonMail: ClientFamily = {
  name: 'protonmail',
  profiles,
  behaviours: behaviourGroups(protonMailBehaviours),
  sanitizer: (p) => {
    rewriteProtonStyles(p);
    wrapBodyLikeProton(p);
  },
  defaultFont: {
    family: 'system-ui, sans-serif',
    size: '14px',
    source: "Proton's message frame CSS (MessageIframe.raw.scss; base size 14px, _config.scss)",
  },
  // MessageIframe.raw.scss: the rest of the page's own CSS.
  frameCss: () => [
    'body * { line-height: 1.5; }',
    'code { line-height: 1; }',
    'blockquote, dl, ol, p, pre, td, th, ul { margin-block: 0; }',
    'p { margin-block: 1em; }',
    'pre, code { white-space: pre-wrap; background-color: transparent; }',
    "img[height$='%'] { block-size: unset !important; }",
    'a:not([href]) { text-decoration: none !important; color: inherit !important; }',
    '#proton-root { box-sizing: content-box; max-inline-size: none; overflow: auto; }',
  ],
  caniemail: {
    supersedes: [
      ...['adjacent-sibling', 'chaining', 'child', 'class', 'descendant', 'general-sibling']
        .concat(['grouping', 'id', 'type', 'universal'])
        .map((selector) => `css-selector-${selector}`),
      ...['first-line', 'first-letter', 'before', 'after'].map(
        (pseudo) => `css-pseudo-element-${pseudo}`,
      ),
    ],
  },
};
