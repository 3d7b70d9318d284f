import type { Element } from 'domhandler';
import type { HtmlCheckFinding } from './html-check-ids';
import { SOURCES } from './check-sources';
import { elementPath } from './element-path';
import type { HtmlDocument } from './html-document';

/**
 * table-role: screen readers announce a table's rows and columns ("table, 3 rows, 2 columns")
 * unless role="presentation" (or its synonym "none") says it only lays out the email. A table
 * with a header cell, a caption, a thead or a summary holds data and keeps its semantics.
 * One finding for all of them: an email built of 40 nested tables would otherwise list 40.
 */
export function layoutTableCheck(doc: HtmlDocument): HtmlCheckFinding[] {
  const { $ } = doc;
  const unmarked = $('table')
    .toArray()
    .filter((table) => !isPresentational(table) && !isDataTable(doc, table));
  if (unmarked.length === 0) return [];
  const count =
    unmarked.length === 1 ? 'A layout table lacks' : `${unmarked.length} layout tables lack`;
  return [
    {
      id: 'table-role',
      severity: 'warning',
      message:
        `${count} role="presentation": screen readers announce rows and columns that mean ` +
        'nothing. Add role="presentation" to tables used for layout (the first is named here).',
      source: SOURCES.layoutTables,
      element: elementPath(unmarked[0]),
    },
  ];
}

function isPresentational(table: Element): boolean {
  const roles = (table.attribs.role ?? '').trim().toLowerCase().split(/\s+/);
  return roles[0] === 'presentation' || roles[0] === 'none';
}

/** Data-table markup of the table's own (a nested table's th belongs to that table). */
function isDataTable({ $ }: HtmlDocument, table: Element): boolean {
  if (table.attribs.summary?.trim()) return true;
  return $(table)
    .find('th, caption, thead')
    .toArray()
    .some((el) => $(el).closest('table')[0] === table);
}
