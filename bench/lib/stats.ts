import { appendFileSync } from 'node:fs';

/** Median and p95 of a sample, in the sample's unit. */
export function summarize(samples: number[]): {
  n: number;
  p50: number;
  p95: number;
  mean: number;
} {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), mean };
}

/**
 * Prints a table; with BENCH_TABLES set (bench/before-after.ts), also appends it to that file
 * as a JSON line, so that a run before a change and one after can be printed side by side.
 */
export function printTable(title: string, rows: Record<string, string | number>[]): void {
  if (process.env.BENCH_TABLES)
    appendFileSync(process.env.BENCH_TABLES, `${JSON.stringify({ title, rows })}\n`);
  console.log(`\n${title}`);
  const headers = Object.keys(rows[0]);
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(headers.map((h) => String(row[h]))));
}

export const ms = (value: number) => value.toFixed(1);
