import { Parser } from 'htmlparser2';

/** Where a client's preview line came from, as the inbox view's answer names it. */
export type PreviewSource = 'hidden preheader text' | 'first visible text' | 'plain part' | 'none';

export interface PreviewText {
  text: string;
  from: PreviewSource;
}

/** Enough for any client's preview (iOS's five lines are about 280 characters, Litmus). */
const MAX_CHARS = 400;
/** The HTML is read this much at a time (and a run of text at most this much at once). */
const MAX_RUN = 64 * 1024;
/** Elements whose content is no text of the message. */
const SKIPPED = new Set(['head', 'title', 'style', 'script', 'template', 'noscript', 'svg']);
/** Elements that end a run of text: the extractors join the texts of blocks with a space. */
const BLOCKS =
  /^(address|article|aside|blockquote|br|center|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)$/;
/**
 * Inline styles that hide an element and all it holds: the preheader idioms (display:none,
 * mso-hide, zero opacity or height). A zero font size hides too, until a descendant sets a
 * size of its own: builders (MJML) put font-size:0 on layout cells and size the text inside.
 */
const HIDING =
  /(^|;)\s*(display\s*:\s*none|mso-hide\s*:\s*all|visibility\s*:\s*hidden|opacity\s*:\s*0(\.0*)?\s*(;|$|!)|max-height\s*:\s*0(px)?\s*(;|$|!))/i;
const FONT_SIZE = /(^|;)\s*font-size\s*:\s*([^;!]+)/i;
const ZERO_SIZE = /^0(\.0*)?(px|pt|em|rem|%)?\s*$/i;
/**
 * Characters that draw nothing: the zero-width and joiner characters the preheader padding
 * idiom repeats (&zwnj; U+200C, &#847; U+034F, U+200B, U+200D, U+FEFF, soft hyphen). Dropped
 * before counting; the no-break spaces beside them stay and push the body's text out of the
 * preview, which is what the idiom is for.
 */
const ZERO_WIDTH = /\u034f|[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;

/**
 * The preview text a message list shows, as the documented extractors make it: the first text
 * of the HTML body in document order, whatever CSS hides ("the parser that selects the first
 * line of text for the preview doesn't know about CSS", so a hidden preheader comes first),
 * whitespace runs collapsed to one space, line breaks included (Gmail's snippet, per a Gmail
 * support engineer: "If there is a line break it will convert it to a space"). An email without
 * HTML: its plain part. Image alt text is not taken (only "a few" clients do, Litmus).
 */
export function previewText(html: string | null, plain: string | null): PreviewText {
  if (html) {
    const found = fromHtml(html);
    if (found.text) return found;
  }
  const text = plain ? tidy(plain) : '';
  return text ? { text, from: 'plain part' } : { text: '', from: 'none' };
}

function fromHtml(html: string): PreviewText {
  let text = '';
  /** Characters other than whitespace so far: indentation between tags does not count. */
  let kept = 0;
  let firstHidden: boolean | null = null;
  const open: { name: string; hidden: boolean; zeroSize: boolean; skipped: boolean }[] = [];
  const inside = () => open[open.length - 1] ?? { hidden: false, zeroSize: false, skipped: false };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = inside();
        const style = attributes.style ?? '';
        const hidden = parent.hidden || 'hidden' in attributes || HIDING.test(style);
        const size = FONT_SIZE.exec(style)?.[2];
        const zeroSize = size === undefined ? parent.zeroSize : ZERO_SIZE.test(size);
        open.push({ name, hidden, zeroSize, skipped: parent.skipped || SKIPPED.has(name) });
        if (BLOCKS.test(name)) text += ' ';
      },
      onclosetag(name) {
        const index = open.map((element) => element.name).lastIndexOf(name);
        if (index >= 0) open.length = index;
        if (BLOCKS.test(name)) text += ' ';
      },
      ontext(data) {
        const here = inside();
        if (here.skipped) return;
        if (firstHidden === null && tidy(data)) firstHidden = here.hidden || here.zeroSize;
        text += data;
        kept += data.replace(/[ \t\n\r\f]+/g, '').length;
        // Enough for any preview: the rest of the HTML is never read (a 9 MB email costs
        // what its first few kilobytes of text do).
        if (kept > MAX_CHARS) parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  // Written a run at a time, so that reading stops soon after the preview is complete.
  for (let at = 0; at < html.length && kept <= MAX_CHARS; at += MAX_RUN)
    parser.write(html.slice(at, at + MAX_RUN));
  if (kept <= MAX_CHARS) parser.end();
  const tidied = tidy(text);
  return {
    text: tidied,
    from: tidied ? (firstHidden ? 'hidden preheader text' : 'first visible text') : 'none',
  };
}

/** Zero-width characters out, whitespace runs (not no-break spaces) to one space, capped. */
function tidy(text: string): string {
  return [
    ...text
      .replace(ZERO_WIDTH, '')
      .replace(/[ \t\n\r\f]+/g, ' ')
      .trimStart(),
  ]
    .slice(0, MAX_CHARS)
    .join('')
    .trimEnd();
}
