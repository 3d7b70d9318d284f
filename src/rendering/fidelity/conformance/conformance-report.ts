import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the conformance suite's oracle saw in one client's render of one caniemail test. */
export type ConformanceVerdict = 'supported' | 'unsupported' | 'undecided';

/**
 * One (client, caniemail feature) as the suite decided it (test/conformance, `npm run
 * conformance`): the test email rendered, the oracle's verdict, caniemail's value for the
 * client at its version, and whether the two agree (null when either says nothing).
 */
export interface ConformanceResult {
  client: string;
  feature: string;
  family: string;
  test: string;
  caniemail: string;
  /**
   * What caniemail's value expects the render to show here (`a #1` whose note the family reads
   * as no support for this profile expects `unsupported`); null: nothing (`u`).
   */
  expected: Exclude<ConformanceVerdict, 'undecided'> | null;
  verdict: ConformanceVerdict;
  agrees: boolean | null;
  /** Pixels the feature changes in the engine alone; null when not drawn (the client's decided). */
  engine_change: number | null;
  client_change: number;
  /**
   * The first 12 hex digits of a SHA-256 over the pixel keys of the pair's four renders
   * (Renderer.pixelKey): the same inputs draw the same pictures, so an entry whose inputs the
   * current code still prepares stands without drawing it again.
   */
  inputs: string;
  why?: string;
  /**
   * The client whose render of the same inputs decided this entry: the same inputs draw the
   * same pictures, so a pair prepared exactly as one already drawn is not drawn again.
   */
  same_as?: string;
}

/** Agreement on decided entries: agreeing over decided, with the counts. */
export interface Agreement {
  rate: number | null;
  decided: number;
  agreeing: number;
  undecided: number;
}

export function agreementOf(entries: ConformanceResult[]): Agreement {
  const decided = entries.filter((entry) => entry.agrees !== null);
  const agreeing = decided.filter((entry) => entry.agrees).length;
  return {
    rate: decided.length ? agreeing / decided.length : null,
    decided: decided.length,
    agreeing,
    undecided: entries.length - decided.length,
  };
}

/** The committed report, as `npm run conformance` writes it beside this file. */
export interface ConformanceReport {
  generated_by: string;
  generated_at: string;
  scope: 'all' | 'lane' | 'some';
  caniemail_version: string;
  pairs: number;
  renders: number;
  renders_asked: number;
  wall_s: number;
  /**
   * CPU-seconds of the run: every process it started (`tree`, null when not measured), and the
   * whole machine's busy time meanwhile (/proc/stat), the check on it on a quiet machine.
   */
  cpu_s: { tree: number | null; machine: number };
  agreement: Agreement;
  /**
   * Entries an earlier, stopped run had decided (its `.partial.jsonl`), kept by this one
   * (`--resume`), with that run's wall time; renders and CPU above are this run's alone.
   */
  resumed?: { entries: number; wall_s: number };
  /**
   * Runs of some tests or clients merged in since (`npm run conformance -- --merge`), after a
   * fix: their entries replace the same (client, feature) of the run above.
   */
  reruns?: {
    generated_at: string;
    tests?: string[];
    clients?: string[];
    pairs: number;
    renders: number;
    wall_s: number;
  }[];
  entries: ConformanceResult[];
}

export const REPORT_FILE = join(__dirname, 'report.json');

/**
 * Entries are kept one array per line, in this order (the optional ones last, left out when
 * absent): 30,000 of them as objects would be three times the size, and a line per entry keeps
 * a new run's diff readable.
 */
const COLUMNS = [
  'client',
  'feature',
  'family',
  'test',
  'caniemail',
  'expected',
  'verdict',
  'agrees',
  'engine_change',
  'client_change',
  'inputs',
  'why',
  'same_as',
] as const satisfies readonly (keyof ConformanceResult)[];
const OPTIONAL = new Set<string>(['why', 'same_as']);

export function serialiseReport(report: ConformanceReport): string {
  const { entries, ...head } = report;
  const rows = entries.map((entry) => {
    const row = COLUMNS.map((column) => entry[column] ?? null);
    while (row.length > COLUMNS.length - OPTIONAL.size && row[row.length - 1] === null) row.pop();
    return JSON.stringify(row);
  });
  const top = JSON.stringify(head, null, 1).replace(/\n}$/, '');
  return `${top},\n "rows": [\n${rows.join(',\n')}\n ]\n}\n`;
}

export function parseReport(text: string): ConformanceReport {
  const { rows, ...head } = JSON.parse(text) as Omit<ConformanceReport, 'entries'> & {
    rows: unknown[][];
  };
  const entries = rows.map(
    (row) =>
      Object.fromEntries(
        COLUMNS.flatMap((column, i) =>
          OPTIONAL.has(column) && !row[i] ? [] : [[column, row[i] ?? null]],
        ),
      ) as unknown as ConformanceResult,
  );
  return { ...head, entries };
}

/** The committed report's entries by client, then feature; read once, on first use. */
export class ConformanceIndex {
  private byClient?: Map<string, Map<string, ConformanceResult>>;
  private report?: ConformanceReport | null;

  constructor(private readonly file = REPORT_FILE) {}

  /** The report's head (scope, counts, how it was made), or null when none is committed. */
  head(): Omit<ConformanceReport, 'entries'> | null {
    const report = this.load();
    if (!report) return null;
    const { entries: _entries, ...head } = report;
    return head;
  }

  of(client: string): Map<string, ConformanceResult> {
    this.load();
    return this.byClient!.get(client) ?? new Map();
  }

  private load(): ConformanceReport | null {
    if (this.report !== undefined) return this.report;
    this.report = existsSync(this.file) ? parseReport(readFileSync(this.file, 'utf8')) : null;
    this.byClient = new Map();
    for (const entry of this.report?.entries ?? []) {
      const features = this.byClient.get(entry.client) ?? new Map<string, ConformanceResult>();
      features.set(entry.feature, entry);
      this.byClient.set(entry.client, features);
    }
    return this.report;
  }
}

export const conformanceIndex = new ConformanceIndex();
