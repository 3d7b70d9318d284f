import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  agreementOf,
  ConformanceReport,
  ConformanceResult,
} from '../../src/rendering/fidelity/conformance/conformance-report';
import { knownDisagreement } from '../../src/rendering/fidelity/conformance/disagreements';

const DOCS = join(__dirname, '..', '..', 'docs', 'fidelity.md');
const START = '<!-- conformance-table: written by `npm run conformance`; do not edit by hand -->';
const END = '<!-- end of conformance-table -->';

/** Per family: entries, decided, agreeing, the rate, undecided. */
export function byFamily(entries: ConformanceResult[]) {
  const families = [...new Set(entries.map((entry) => entry.family))].sort();
  return families.map((family) => {
    const own = entries.filter((entry) => entry.family === family);
    return {
      family,
      profiles: new Set(own.map((entry) => entry.client)).size,
      entries: own.length,
      ...agreementOf(own),
    };
  });
}

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/** Disagreements grouped by family and feature, with how many clients and the known cause. */
function disagreementRows(entries: ConformanceResult[]): string[] {
  const groups = new Map<string, ConformanceResult[]>();
  for (const entry of entries.filter((e) => e.agrees === false)) {
    const key = `${entry.family}|${entry.feature}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const [family, feature] = key.split('|');
      const known = knownDisagreement(group[0].client, family, feature);
      const shows = [
        ...new Set(group.map((e) => `${e.verdict} where caniemail says ${e.caniemail}`)),
      ];
      const clients = group.map((e) => e.client).join(', ');
      const why = known ? `${known.cause}: ${known.reason}` : 'not yet explained';
      return `| ${family} | ${feature} (${group[0].test}) | ${clients} | ${shows.join('; ')} | ${why} |`;
    });
}

/** What the report covers and what drawing it cost. */
function headline(report: ConformanceReport): string {
  const covered = `${report.entries.length} of the ${report.pairs} (test, feature, profile) pairs`;
  const resumed = report.resumed
    ? `${report.resumed.entries} of them decided by earlier runs, stopped and resumed ` +
      `(${report.resumed.wall_s} s of wall time in all), `
    : '';
  const drawn =
    `${report.renders} renders drawn of ${report.renders_asked} asked in ${report.wall_s} s, ` +
    `${report.cpu_s.tree ?? '–'} CPU-seconds by the run's processes (the machine busy ` +
    `${report.cpu_s.machine} s meanwhile)`;
  const reruns = report.reruns?.length
    ? `; then ${report.reruns.length} rerun(s) after fixes merged in (${report.reruns
        .map((rerun) => `${rerun.pairs} pairs, ${rerun.renders} renders, ${rerun.wall_s} s`)
        .join('; ')})`
    : '';
  return (
    `Report of ${report.generated_at.slice(0, 10)} (scope \`${report.scope}\`, caniemail ` +
    `${report.caniemail_version}): ${covered}; ${resumed}${drawn}${reruns}.`
  );
}

/** The markdown docs/fidelity.md carries between its markers. */
export function conformanceTable(report: ConformanceReport): string {
  const total = report.agreement;
  const rows = byFamily(report.entries).map(
    (row) =>
      `| ${row.family} | ${row.profiles} | ${row.entries} | ${row.decided} | ${row.agreeing} | ${percent(row.rate)} | ${row.undecided} |`,
  );
  const disagreements = disagreementRows(report.entries);
  return [
    headline(report),
    '',
    '| Family | Profiles | Entries | Decided | Agreeing | Agreement | Undecided |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    `| **all** | ${new Set(report.entries.map((e) => e.client)).size} | ${report.entries.length} | ${total.decided} | ${total.agreeing} | **${percent(total.rate)}** | ${total.undecided} |`,
    '',
    disagreements.length
      ? `Disagreements (${report.entries.filter((e) => e.agrees === false).length} entries), by family and feature:`
      : 'No decided entry disagrees.',
    ...(disagreements.length
      ? [
          '',
          '| Family | Feature (test) | Clients | The render shows it | Cause |',
          '|---|---|---|---|---|',
          ...disagreements,
        ]
      : []),
  ].join('\n');
}

/** Writes the table into docs/fidelity.md between its markers. */
export function writeDocsTable(report: ConformanceReport, file = DOCS): void {
  const docs = readFileSync(file, 'utf8');
  const start = docs.indexOf(START);
  const end = docs.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no conformance-table markers`);
  const table = conformanceTable(report);
  writeFileSync(file, `${docs.slice(0, start + START.length)}\n${table}\n${docs.slice(end)}`);
}
