import { Injectable } from '@nestjs/common';
import { ApiError } from '../base/errors/api-error';

/**
 * Where commands write. Results go to stdout (with --json: one JSON document and
 * nothing else), messages to stderr. Tests replace it to capture both.
 */
@Injectable()
export class CliOutput {
  exitCode = 0;

  out(text: string): void {
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  err(text: string): void {
    process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  json(value: unknown): void {
    this.out(JSON.stringify(value, null, 2));
  }

  /** Exit codes: 2 refused input, 3 not found, 1 anything else. */
  fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.err(`error: ${message}`);
    const status = error instanceof ApiError ? error.getStatus() : 500;
    this.exitCode = status === 404 ? 3 : status >= 400 && status < 500 ? 2 : 1;
  }
}

/** Renders rows as an aligned text table for humans. */
export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const headers = Object.keys(rows[0]);
  const cells = rows.map((row) => headers.map((header) => String(row[header] ?? '')));
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((line) => line[i].length)),
  );
  const format = (line: string[]) => line.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  return [format(headers), format(widths.map((w) => '-'.repeat(w))), ...cells.map(format)].join(
    '\n',
  );
}
