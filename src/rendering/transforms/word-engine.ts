import type { Element } from 'domhandler';
import type { Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { editInlineStyles, editStylesheets } from './css-walker';
import type { EmailDocument } from './email-document';
import type { RenderReport } from './render-report';

/** CSS the Word engine ignores on every element. */
const ALWAYS_IGNORED = new Set([
  'max-width',
  'max-height',
  'min-width',
  'min-height',
  'background-image',
  'background-size',
  'background-position',
  'border-radius',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-bottom-left-radius',
  'border-bottom-right-radius',
  'box-shadow',
  'text-shadow',
  'opacity',
  'transform',
  'transition',
  'animation',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'flex',
  'flex-direction',
  'flex-wrap',
  'flex-grow',
  'flex-shrink',
  'flex-basis',
  'justify-content',
  'align-items',
  'gap',
  'grid-template-columns',
  'grid-template-rows',
  'grid-area',
  'object-fit',
]);
const PADDING = /^padding(-(top|right|bottom|left))?$/;
const SIZE = /^(width|height)$/;
const CELLS = new Set(['td', 'th']);
const NO_SIZE = new Set(['div', 'p', 'span']);
const FLOATABLE = new Set(['img', 'table']);

/** Whether Word drops this declaration on an element of this tag (undefined tag: unknown). */
export function wordIgnores(property: string, value: string, tag: string | undefined): boolean {
  if (ALWAYS_IGNORED.has(property)) return true;
  if (property === 'background' && /url\(/i.test(value)) return true;
  if (property === 'display' && /\b(flex|grid|inline-flex|inline-grid)\b/i.test(value)) return true;
  if (tag === undefined) return false;
  if (property === 'float') return !FLOATABLE.has(tag);
  if (PADDING.test(property)) return !CELLS.has(tag);
  if (SIZE.test(property)) return NO_SIZE.has(tag);
  return false;
}

/** The tag a rule's selectors all end in, when they name one (`td.x` → td). */
function targetTag(selector: string): string | undefined {
  const tags = new Set<string>();
  selectorParser((selectors) => {
    selectors.each((one) => {
      const last =
        one.nodes
          .slice()
          .reverse()
          .find((node) => node.type === 'combinator') ?? null;
      const compound = last ? one.nodes.slice(one.nodes.indexOf(last) + 1) : one.nodes;
      const tag = compound.find((node) => node.type === 'tag');
      tags.add(tag ? tag.value.toLowerCase() : '');
    });
  }).processSync(selector);
  return tags.size === 1 && !tags.has('') ? [...tags][0] : undefined;
}

/**
 * Reduces the email's CSS to what Outlook's Word engine applies: no max-width, background
 * images, border-radius, flex, grid or positioning anywhere; float only on images and
 * tables; padding only on table cells; width and height not on div, p or span. Content
 * styled `mso-hide: all` disappears, as in Outlook.
 */
export function applyWordEngine($: EmailDocument, report: RenderReport): void {
  const drop = (
    root: Root,
    tagOf: (rule: import('postcss').Rule) => string | undefined,
    where: string,
  ) =>
    root.walkDecls((decl) => {
      const rule =
        decl.parent?.type === 'rule' ? (decl.parent as import('postcss').Rule) : undefined;
      const property = decl.prop.toLowerCase();
      if (wordIgnores(property, decl.value, rule ? tagOf(rule) : undefined)) {
        report.add('rule:word-engine', `Word engine ignores ${property}`, where);
        decl.remove();
      }
    });
  editStylesheets($, (root) => drop(root, (rule) => targetTag(rule.selector), 'style block'));
  editInlineStyles($, (root, element: Element) =>
    drop(root, () => element.tagName.toLowerCase(), 'style attribute'),
  );
  const hidden = $('[style]').filter((_i, el) =>
    /mso-hide\s*:\s*all/i.test($(el).attr('style') ?? ''),
  );
  if (hidden.length)
    report.add(
      'rule:word-engine',
      'mso-hide: all hides content in Outlook',
      'style attribute',
      hidden.length,
    );
  hidden.remove();
}

/**
 * 120 DPI Outlook scales CSS lengths and text by 1.25 but not HTML width/height
 * attributes. The profile renders at a 1.25 device scale, so those attributes are
 * divided by 1.25 here to stay at their unscaled pixel size.
 */
export function applyDpi120($: EmailDocument, report: RenderReport): void {
  const sized = $(
    'img[width], img[height], table[width], td[width], th[width], td[height], table[height]',
  );
  sized.each((_i, element) => {
    for (const name of ['width', 'height']) {
      const value = $(element).attr(name);
      if (value && /^\d+(\.\d+)?$/.test(value.trim())) {
        $(element).attr(name, String(Math.round(Number(value) / 1.25)));
      }
    }
  });
  if (sized.length) {
    report.add(
      'rule:dpi-120',
      'HTML width/height attributes not scaled at 120 DPI',
      'width/height attribute',
      sized.length,
    );
  }
}
