// `npm run conformance`: caniemail's own tests through the profiles, decided by the oracle
// (oracle.ts), compared with caniemail's value; the report docs/fidelity.md's table reads.
// Flags: --lane (one profile per feature, family and recorded value), --tests a.html,b.html,
// --clients A,B, --out FILE (default: the report beside this file), --pictures DIR.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readProc } from '../../src/base/system/procfs';
import { testRenderer } from '../support/renderer';
import { conformancePairs } from './conformance-pairs';
import { agreement, ConformanceEntry, runConformance } from './conformance-run';

export const REPORT = join(__dirname, 'conformance-report.json');

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** The machine's busy and total jiffies (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const fields = (readProc('/proc/stat') ?? '').split('\n')[0].trim().split(/\s+/).slice(1);
  const numbers = fields.map(Number);
  const idle = (numbers[3] ?? 0) + (numbers[4] ?? 0);
  const total = numbers.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/** Per family: entries, decided, agreeing, the rate. */
export function byFamily(entries: ConformanceEntry[]) {
  const families = [...new Set(entries.map((entry) => entry.family))].sort();
  return families.map((family) => ({
    family,
    ...agreement(entries.filter((entry) => entry.family === family)),
  }));
}

async function main(): Promise<void> {
  const list = (name: string) => flag(name)?.split(',');
  const pairs = conformancePairs({
    lane: process.argv.includes('--lane'),
    tests: list('tests'),
    clients: list('clients'),
  });
  const renderer = testRenderer({ shareMaxMb: 1024, concurrency: 2 });
  const started = performance.now();
  const ticks = machineTicks();
  try {
    const outcome = await runConformance(renderer, pairs, {
      pictures: flag('pictures'),
      progress: (done, total) => done % 100 === 0 && console.log(`${done} of ${total} pairs`),
    });
    const wallS = (performance.now() - started) / 1000;
    const after = machineTicks();
    const busyCores = (after.busy - ticks.busy) / (after.total - ticks.total || 1);
    const total = agreement(outcome.entries);
    const report = {
      generated_by: 'npm run conformance',
      scope: process.argv.includes('--lane') ? 'lane' : 'all',
      pairs: pairs.length,
      renders: outcome.renders,
      renders_asked: outcome.asked,
      agreement: total,
      families: byFamily(outcome.entries),
      entries: outcome.entries,
    };
    writeFileSync(flag('out') ?? REPORT, `${JSON.stringify(report, null, 1)}\n`);
    console.log(
      `${pairs.length} (test, feature, profile) pairs; ${outcome.renders} renders drawn of ${outcome.asked} asked`,
    );
    console.log(
      `wall ${wallS.toFixed(0)} s; machine busy ${(busyCores * 100).toFixed(0)} % of its cores meanwhile (/proc/stat)`,
    );
    console.table(report.families.map((row) => ({ ...row, rate: row.rate?.toFixed(3) })));
    console.log(
      `agreement ${total.rate?.toFixed(3)} on ${total.decided} decided entries (${total.undecided} undecided)`,
    );
  } finally {
    await renderer.close();
  }
}

if (require.main === module) void main();
