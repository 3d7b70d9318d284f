import type { Selector } from 'postcss-selector-parser';
import type { DeclarationContext, DeclarationVerdict, NoteRule } from './note-rule';
import {
  backgroundColorOnly,
  clampBorder,
  replaceProperty,
  roundFontWeight,
} from './note-rewrites';
import { hasNode } from './selector-nodes';

const REMOVE: DeclarationVerdict = { action: 'remove' };
const when =
  (test: (d: DeclarationContext) => boolean) =>
  (d: DeclarationContext): DeclarationVerdict | undefined =>
    test(d) ? REMOVE : undefined;
function classAndAttributeInOneCompound(selector: Selector): boolean {
  let attribute = false;
  let className = false;
  for (const node of selector.nodes) {
    if (node.type === 'combinator') attribute = className = false;
    if (node.type === 'attribute') attribute = true;
    if (node.type === 'class') className = true;
    if (attribute && className) return true;
  }
  return false;
}

/** Fastmail (css-position #6): a fixed element is positioned as an absolute one. */
const fixedToAbsolute = (d: DeclarationContext): DeclarationVerdict | undefined =>
  d.property === 'position' && /^\s*fixed\s*$/i.test(d.value)
    ? { action: 'rewrite', value: 'absolute' }
    : undefined;
const tagsIn = (note: string) =>
  [...note.matchAll(/`<(\w+)>`/g)].map((match) => match[1].toLowerCase());
/** Whether every element it styles is one of `tags` (unknown elements: false). */
const allAmong = (d: DeclarationContext, tags: string[]) =>
  d.tags !== null && d.tags.length > 0 && d.tags.every((tag) => tags.includes(tag));
const attributeOperators = (selector: Selector) => {
  const operators: { attribute: string; operator: string }[] = [];
  selector.walkAttributes((node) => {
    operators.push({ attribute: node.attribute, operator: node.operator ?? '' });
  });
  return operators;
};

/** Pattern of a note's text → the rule it states. Ordered: the first match wins. */
const NOTES: [RegExp, (note: string, slug: string) => NoteRule][] = [
  [/Replaces `([\w-]+)` by `([\w-]+)`/, (note) => replaceProperty(note)],
  [
    /Not supported on (?:`<\w+>`(?:,\s*| or | and )?)+ elements|Does not work when applied directly to an `<img>`|Doesn't work on `<table>` elements/,
    (note) => {
      const tags = tagsIn(note);
      return { declaration: when((d) => allAmong(d, tags)) };
    },
  ],
  [
    /Only supported on table cells/,
    () => ({ declaration: when((d) => !allAmong(d, ['td', 'th'])) }),
  ],
  [
    /Only works on `<table>` elements/,
    () => ({ declaration: when((d) => !allAmong(d, ['table'])) }),
  ],
  [
    /Only supports `display:none` \(but not on `<img>`\)/,
    () => ({
      declaration: when((d) => !/^\s*none\b/i.test(d.value) || allAmong(d, ['img'])),
    }),
  ],
  [
    /Negative values are not supported/,
    () => ({ declaration: when((d) => /(^|[\s(,])-\d/.test(d.value)) }),
  ],
  [
    /`auto` value is not supported/,
    () => ({ declaration: when((d) => /\bauto\b/i.test(d.value)) }),
  ],
  [/Not supported inline/, () => ({ declaration: when((d) => d.inline) })],
  [
    /Removed if there is no space before when used with a `background-image`/,
    () => ({
      declaration: when(
        (d) => d.property === 'background-image' && d.important && !/^\s/.test(d.rawImportant),
      ),
    }),
  ],
  [
    /Only supported with a space before/,
    () => ({
      declaration: (d) =>
        d.important && !/^\s/.test(d.rawImportant) ? { action: 'strip-important' } : undefined,
    }),
  ],
  [
    // email-bugs#13: Gmail removes the whole <style> tag or style attribute, not the keyword.
    /Only supported in lowercase\. \(See \[email-bugs#13\]/,
    () => ({
      declaration: (d) =>
        d.important && /[A-Z]/.test(d.rawImportant) ? { action: 'drop-container' } : undefined,
    }),
  ],
  [
    /Only supported in lowercase/,
    () => ({
      declaration: (d) =>
        d.important && /[A-Z]/.test(d.rawImportant) ? { action: 'strip-important' } : undefined,
    }),
  ],
  [
    /`rem` values are not supported/,
    () => ({ declaration: when((d) => /\drem\b/i.test(d.value)) }),
  ],
  [
    /`relative` and `percentage` size values not supported/,
    () => ({ declaration: when((d) => /%|\b(larger|smaller)\b/i.test(d.value)) }),
  ],
  [
    /Percentages? values are not supported/,
    () => ({ declaration: when((d) => /%/.test(d.value)) }),
  ],
  [
    // css-position: "Supports `sticky` but not `relative`, `absolute` and `fixed`."
    /^Partial\. Supports `[\w-]+`(?: and `[\w-]+`)? but not /,
    (note) => {
      const unsupported = [...note.split(' but not ')[1].matchAll(/`([\w-]+)`/g)].map((m) => m[1]);
      return {
        declaration: when(
          (d) => d.property === 'position' && unsupported.includes(d.value.trim().toLowerCase()),
        ),
      };
    },
  ],
  [/`fixed` is replaced by `absolute`/, () => ({ declaration: fixedToAbsolute })],
  [/Only `background-color` values are supported/, () => ({ declaration: backgroundColorOnly })],
  [
    /A border can not be bigger than (\d+)px/,
    (note) => ({ declaration: clampBorder(Number(/(\d+)px/.exec(note)![1])) }),
  ],
  [
    /Flow-relative values `start` and `end` are not supported/,
    () => ({ declaration: when((d) => /^\s*(start|end)\s*$/i.test(d.value)) }),
  ],
  [
    /`lowercase` value is not supported|`overline` is not supported|`pre` value is not supported/,
    (note) => {
      const word = /`(\w+)`/.exec(note)![1];
      return { declaration: when((d) => new RegExp(`\\b${word}\\b`, 'i').test(d.value)) };
    },
  ],
  [
    /Not supported with multiple values/,
    () => ({ declaration: when((d) => d.value.trim().split(/\s+/).length > 1) }),
  ],
  [
    /Alpha value is not supported/,
    () => ({ declaration: when((d) => /rgba?\(\s*[^,)]+,[^,)]+,[^,)]+,[^)]+\)/i.test(d.value)) }),
  ],
  [/values between 0 and 599 are set as normal/, () => ({ declaration: roundFontWeight })],
  [
    /Value resolves to zero/,
    () => ({
      declaration: (d) => ({ action: 'rewrite', value: d.value.replace(/-?[\d.]+vh\b/gi, '0') }),
    }),
  ],
  [
    /whitespace syntax .*whole attribute is stripped.*whole `<style>` block is stripped/i,
    () => ({
      declaration: (d) =>
        /rgba?\(\s*[\d.%]+\s+[\d.%]/i.test(d.value) ? { action: 'drop-container' } : undefined,
    }),
  ],
  [
    // css-modern-color #2 (Gmail): inline, the whole style attribute goes; in a block, the
    // declaration (the feature is unsupported there).
    /Using this syntax for an inline style will remove all inline styles/,
    () => ({ declaration: (d) => (d.inline ? { action: 'drop-container' } : undefined) }),
  ],
  [
    /Comment inside `style` attribute strips the whole attribute/,
    () => ({ styleAttribute: (text) => text.includes('/*') }),
  ],
  [
    /Does not support multiple values\. The comma/,
    () => ({ declaration: when((d) => /url\([^)]*\)\s*[^,]*,/i.test(d.value)) }),
  ],
  [
    /Images URL must be between quotes/,
    () => ({ declaration: when((d) => /url\(\s*[^'"\s)]/i.test(d.value)) }),
  ],
  [
    /Does not support the `\/ value` shorthand/,
    () => ({ declaration: when((d) => /\//.test(d.value.replace(/url\([^)]*\)/gi, ''))) }),
  ],
  [
    /The entire `list-style` property is removed if present/,
    () => ({ declaration: when((d) => /url\(/i.test(d.value)) }),
  ],
  [
    /`E \{ F \{\}\}` doesn.t work, but `E \{ & F \{\}\}` does/,
    () => ({ nestedRule: (selector) => !selector.includes('&') }),
  ],
  [
    /The nested selectors are removed, making the nested properties apply to the parent/,
    () => ({ nestedToParent: true }),
  ],
  [
    /nested media queries/i,
    () => ({ atRule: (name, _params, nested) => name === 'media' && nested }),
  ],
  [
    /Does not support height based media queries/,
    () => ({ atRule: (name, params) => name === 'media' && /height/i.test(params) }),
  ],
  [
    /Only supports `screen`, `min-width`, `max-width`, `min-height` and `max-height` based/,
    () => ({
      atRule: (name, params) =>
        name === 'media' &&
        params
          .replace(/\b(only|and|not|screen|all)\b|[(),:]|\s/gi, ' ')
          .split(/\s+/)
          .filter(Boolean)
          .some(
            (word) =>
              !/^(min-width|max-width|min-height|max-height|[\d.]+(px|em|rem)?)$/i.test(word),
          ),
    }),
  ],
  [
    /Only supported on type selectors/,
    () => ({ selector: (selector) => !hasNode(selector, 'tag') }),
  ],
  [
    // `.test[class]`: an attribute and a class in one compound. An attribute alone in its
    // compound before a combinator (`[data-ogsc] .foo`) is the dark-mode guides' working form.
    /Can not be used with a class selector/,
    () => ({ selector: classAndAttributeInOneCompound }),
  ],
  [
    /Only supports `\[attr~=value\]` syntax\. Only `class`/,
    () => ({
      selector: (selector) =>
        attributeOperators(selector).some(
          (a) => a.operator !== '~=' || a.attribute.toLowerCase() !== 'class',
        ),
    }),
  ],
  [
    /Only supports `\[attr=value\]` syntax/,
    () => ({
      selector: (selector) => attributeOperators(selector).some((a) => a.operator !== '='),
    }),
  ],
  [
    /Only supports `\[attr\]`, `\[attr=value\]`, `\[attr~=value\]`, `\[attr\|=value\]`/,
    () => ({
      selector: (selector) =>
        attributeOperators(selector).some((a) => !['', '=', '~=', '|='].includes(a.operator)),
    }),
  ],
  [
    /`<details>`, `<main>`, `<nav>` and `<summary>` are not supported\. Opening and closing tags are replaced by `<u><\/u>`/,
    () => ({ element: { selector: 'details, main, nav, summary', action: 'rename-u' } }),
  ],
  [
    /Unsupported opening and closing tags are stripped/,
    () => ({
      element: {
        selector:
          'article, aside, details, figcaption, figure, footer, header, main, nav, section, summary',
        action: 'unwrap',
      },
    }),
  ],
  [/Only supported on the `<body>` element/, () => ({ attributesOnlyOn: 'body' })],
  [/Does not render Base 64 gif format/, () => ({ imageTypes: ['data:image/gif'] })],
];

/** The rule a note states, or null when this service does not emulate it (it is reported). */
export function interpretNote(note: string, slug: string): NoteRule | null {
  const entry = NOTES.find(([pattern]) => pattern.test(note));
  return entry ? entry[1](note, slug) : null;
}
