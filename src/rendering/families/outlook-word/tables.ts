import type { Element } from 'domhandler';
import { editStylesheets, parseInlineStyle } from '../../model/css-walker';
import type { EmailDocument } from '../../model/email-document';
import type { RenderReport } from '../../model/render-report';

const pxOf = (value: string | undefined): number | undefined => {
  const match = value && /^\s*(\d*\.?\d+)(px|pt|in)?\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = (match[2] ?? 'px').toLowerCase();
  return Number(match[1]) * (unit === 'pt' ? 96 / 72 : unit === 'in' ? 96 : 1);
};

const paddings = new Map<string, { top: number; bottom: number }>();

/** Vertical padding of a cell's style attribute, from the shorthand and the longhands. */
function verticalPadding(style: string): { top: number; bottom: number } {
  if (!/padding/i.test(style)) return { top: 0, bottom: 0 };
  let known = paddings.get(style);
  if (!known) {
    known = readVerticalPadding(style);
    if (paddings.size > 10_000) paddings.clear();
    paddings.set(style, known);
  }
  return known;
}

function readVerticalPadding(style: string): { top: number; bottom: number } {
  const root = parseInlineStyle(style);
  const padding = { top: 0, bottom: 0 };
  root?.walkDecls((decl) => {
    const property = decl.prop.toLowerCase();
    if (property === 'padding') {
      const parts = decl.value.trim().split(/\s+/).map(pxOf);
      padding.top = parts[0] ?? 0;
      padding.bottom = parts[2] ?? parts[0] ?? 0;
    } else if (property === 'padding-top') padding.top = pxOf(decl.value) ?? 0;
    else if (property === 'padding-bottom') padding.bottom = pxOf(decl.value) ?? 0;
  });
  return padding;
}

/**
 * Word gives every cell of a row the largest vertical padding of that row (caniemail
 * css-padding #2): a button cell with 20px of padding beside a plain cell pads both.
 */
export function equalizeRowPadding($: EmailDocument, report: RenderReport): void {
  let rows = 0;
  $('tr').each((_i, row) => {
    // The DOM directly: this runs over every row of every email (a hot path).
    const cells = (row as Element).children.filter(
      (node): node is Element =>
        node.type === 'tag' && (node.tagName === 'td' || node.tagName === 'th'),
    );
    if (cells.length < 2) return;
    const paddings = cells.map((cell) => verticalPadding(cell.attribs.style ?? ''));
    const top = Math.max(...paddings.map((p) => p.top));
    const bottom = Math.max(...paddings.map((p) => p.bottom));
    if (paddings.every((p) => p.top === top && p.bottom === bottom)) return;
    for (const cell of cells)
      cell.attribs.style = `${cell.attribs.style ?? ''};padding-top:${top}px;padding-bottom:${bottom}px`;
    rows++;
  });
  if (rows)
    report.add(
      'css-padding',
      'Vertical padding is the same for all cells of a row, the largest one',
      '<tr>',
      'caniemail css-padding #2',
      rows,
    );
}

/** Word's default distance between a floating table and the text around it: 0.13 in. */
const DEFAULT_TABLE_SPACE = '0.13in';

/**
 * A table aligned left or right floats beside the text, and Word keeps `mso-table-lspace`
 * and `mso-table-rspace` of space between them, 0.13 in by default (Word's "distance from
 * surrounding text"). That is why every email framework resets both to 0pt.
 */
export function spaceFloatingTables($: EmailDocument, report: RenderReport): void {
  const floating = $('table[align="left" i], table[align="right" i]');
  if (floating.length === 0) return;
  const spaces = new Map<Element, { l?: string; r?: string }>();
  const record = (element: Element, property: string, value: string) => {
    const space = spaces.get(element) ?? {};
    if (property === 'mso-table-lspace') space.l = value;
    if (property === 'mso-table-rspace') space.r = value;
    spaces.set(element, space);
  };
  editStylesheets($, (root) =>
    root.walkDecls(/^mso-table-[lr]space$/i, (decl) => {
      if (decl.parent?.type !== 'rule') return;
      try {
        $((decl.parent as import('postcss').Rule).selector)
          .filter('table')
          .each((_i, el) => record(el, decl.prop.toLowerCase(), decl.value));
      } catch {
        // a selector the engine cannot match does not apply here either
      }
    }),
  );
  floating.each((_i, table) => {
    parseInlineStyle($(table).attr('style') ?? '')?.walkDecls(/^mso-table-[lr]space$/i, (decl) =>
      record(table, decl.prop.toLowerCase(), decl.value),
    );
    const space = spaces.get(table) ?? {};
    const right = /left/i.test($(table).attr('align') ?? '');
    const margin = right
      ? `margin-right:${space.r ?? DEFAULT_TABLE_SPACE}`
      : `margin-left:${space.l ?? DEFAULT_TABLE_SPACE}`;
    $(table).attr('style', `${$(table).attr('style') ?? ''};${margin}`);
  });
  report.add(
    'rule:word-tables',
    'Floating tables keep mso-table-lspace/rspace from the text (0.13 in by default)',
    '<table align>',
    'Microsoft Office HTML and XML Reference: mso-table-lspace, mso-table-rspace',
    floating.length,
  );
}
