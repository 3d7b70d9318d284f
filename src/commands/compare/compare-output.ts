import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileStem } from '../../domain/captures/state/capture-file-names';
import { ClientDiff, CompareArgs, CompareError, CompareIo } from './compare-types';

/** `ol2019-vertical-allowed-diff.png`: the capture files' stem, then `-diff`. */
export function diffFileName(args: Pick<CompareArgs, 'images' | 'orientation'>, client: string) {
  return `${fileStem({ client, images: args.images, orientation: args.orientation })}-diff.png`;
}

/** Writes one client's diff PNG in --out itself, never elsewhere; its path. */
export function writeDiff(args: CompareArgs & { out: string }, client: string, png: Buffer) {
  const path = join(args.out, diffFileName(args, client));
  if (dirname(resolve(path)) !== resolve(args.out))
    throw new CompareError(`${client}: its diff would be written outside --out: refused`);
  mkdirSync(args.out, { recursive: true });
  writeFileSync(path, png);
  return path;
}

/** `12.345%`; a change too small to show at that precision is not shown as none. */
export function formatPercent(ratio: number): string {
  if (ratio === 0) return '0%';
  const percent = ratio * 100;
  return percent < 0.001 ? '<0.001%' : `${percent.toFixed(3)}%`;
}

/**
 * The results on stdout: a table and a summary line, or with --json one document
 * `{threshold, changed, results: [{client, changed_ratio, changed_pixels, changed, diff}]}`.
 * Whether any client changed beyond the threshold.
 */
export function printResults(diffs: ClientDiff[], args: CompareArgs, io: CompareIo): boolean {
  const results = diffs.map((diff) => ({ ...diff, changed: diff.changedRatio > args.threshold }));
  const changed = results.filter((result) => result.changed);
  if (args.json) {
    io.out(
      JSON.stringify({
        threshold: args.threshold,
        changed: changed.length > 0,
        results: results.map((result) => ({
          client: result.client,
          changed_ratio: result.changedRatio,
          changed_pixels: result.changedPixels,
          changed: result.changed,
          diff: result.diff,
        })),
      }),
    );
    return changed.length > 0;
  }
  const rows = [
    ['client', 'changed', 'changed pixels', 'diff'],
    ...results.map((result) => [
      `${result.client}${result.changed ? ' *' : ''}`,
      formatPercent(result.changedRatio),
      String(result.changedPixels),
      result.diff ?? '-',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    io.out(
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell.padEnd(widths[column] + 2, ' '),
        )
        .join(''),
    );
  const limit = `${formatPercent(args.threshold)} (threshold ${args.threshold})`;
  io.out(
    changed.length > 0
      ? `${changed.length} of ${results.length} clients changed beyond ${limit}: ${changed.map((r) => r.client).join(', ')}`
      : `no change beyond ${limit} in ${results.length} client${results.length === 1 ? '' : 's'}`,
  );
  return changed.length > 0;
}
