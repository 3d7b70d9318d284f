import type { Preparation } from '../../model/client-family';
import { editStylesheets } from '../../model/css-walker';

/** The source of what follows: Thunderbird's own code (mozilla/releases-comm-central). */
const COMM = 'Thunderbird (comm-central)';

/** Thunderbird's release from which its display drops conditional CSS (bug 1530106). */
const DROPS_CONDITIONAL_CSS_FROM = 73;
/** Thunderbird's release from which a message is drawn in standards mode (bug 1429491). */
const STANDARDS_MODE_FROM = 105;

/**
 * The conditional rules `mail.html_sanitize.drop_conditional_css` (on by default) removes
 * from a message's style blocks, at their top level: Gecko's RemoveConditionalCSS.
 */
const CONDITIONAL_RULES = new Set(['media', 'supports', 'import', 'document', '-moz-document']);

/** The profile's Thunderbird release, its major number (`versions.client`: "Thunderbird 60"). */
function releaseOf(p: Preparation): number {
  const release = Number(/\d+/.exec(p.profile.versions.client)?.[0]);
  if (!Number.isFinite(release))
    throw new Error(
      `profile ${p.profile.code}: a Thunderbird profile names its release (versions.client)`,
    );
  return release;
}

/**
 * What Thunderbird's default message view ("Original HTML") does to an HTML message before
 * Gecko draws it (mailnews/mime/src/mimeTextHTMLParsed.cpp): from 73, conditional rules
 * dropped from its style blocks (a `<style media>` attribute and a rule nested in another
 * stay); the body's content in `<div class="moz-text-html" lang="x-unicode">`
 * (mimethtm.cpp, MimeInlineTextHTML_insert_lang_div: the language group of the message's
 * charset, UTF-8 here), which frameworks such as MJML aim their Thunderbird rules at; and,
 * before 105, a document with no doctype, drawn in quirks mode whatever the email declared.
 */
export function thunderbirdMessageDisplay(p: Preparation): void {
  const release = releaseOf(p);
  if (release >= DROPS_CONDITIONAL_CSS_FROM) dropConditionalRules(p);
  p.$('body').wrapInner('<div class="moz-text-html" lang="x-unicode"></div>');
  p.report.add(
    'rule:thunderbird-moz-text-html',
    "The message's body content sits in a div of class moz-text-html",
    '<body>',
    `${COMM} mailnews/mime/src/mimethtm.cpp, MimeInlineTextHTML_insert_lang_div`,
  );
  if (release < STANDARDS_MODE_FROM) {
    p.keepsDoctype = false;
    p.report.add(
      'rule:thunderbird-quirks-mode',
      'The message is drawn in quirks mode: Thunderbird writes its document with no doctype',
      '<!DOCTYPE>',
      `${COMM}: a doctype for messages only from Thunderbird 105 (bug 1429491)`,
    );
  }
}

function dropConditionalRules(p: Preparation): void {
  let dropped = 0;
  editStylesheets(p.$, (root) => {
    for (const node of [...root.nodes])
      if (node.type === 'atrule' && CONDITIONAL_RULES.has(node.name.toLowerCase())) {
        node.remove();
        dropped += 1;
      }
  });
  if (dropped)
    p.report.add(
      'rule:thunderbird-drop-conditional-css',
      'Conditional rules (@media, @supports, @import) are dropped from style blocks',
      '<style>',
      `${COMM} mail.html_sanitize.drop_conditional_css (on by default since 73, bug 1530106); mimeTextHTMLParsed.cpp`,
      dropped,
    );
}
