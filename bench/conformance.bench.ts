// The conformance suite's cost (test/conformance): renders drawn against the (test, feature,
// profile) pairs covered, wall and CPU time, for
// 1. the whole cross-product (`npm run conformance`), as its committed report recorded it;
// 2. the CI lane, measured here: the committed report checked against the current code (every
//    lane pair's four render inputs prepared, not drawn: conformance-report.fidelity-spec.ts),
//    and the five named tests drawn again (caniemail-conformance.fidelity-spec.ts).
// CPU: every process this run starts (the engines below it) and the machine's busy time.
// Run: npm run bench:conformance
import { readFileSync } from 'node:fs';
import { parseReport, REPORT_FILE } from '../src/rendering/fidelity/conformance/conformance-report';
import { conformancePairs } from '../test/conformance/conformance-pairs';
import { PairInputs, runConformance } from '../test/conformance/conformance-run';
import { testRenderer } from '../test/support/renderer';
import { cpuOfTree, cpuUsed, describeParts } from './lib/cpu';
import { machineBusySeconds } from './lib/machine-cpu';

const NAMED = [
  'css-selectors-attribute.html',
  'css-inset.html',
  'css-margin.html',
  'css-table-layout.html',
  'css-variables.html',
];

async function measured<T>(work: () => Promise<T>) {
  const tree = cpuOfTree(process.pid);
  const machine = machineBusySeconds();
  const started = performance.now();
  const value = await work();
  const used = cpuUsed(tree, cpuOfTree(process.pid));
  return {
    value,
    wallS: (performance.now() - started) / 1000,
    cpuS: used.total,
    parts: describeParts(used.parts),
    machineS: machineBusySeconds() - machine,
  };
}

async function main(): Promise<void> {
  const report = parseReport(readFileSync(REPORT_FILE, 'utf8'));
  const renderer = testRenderer({ shareMaxMb: 512 });
  try {
    const lane = conformancePairs({ lane: true });
    const check = await measured(async () => {
      const inputs = new PairInputs(renderer);
      for (const pair of lane) await inputs.of(pair);
      return lane.length;
    });
    const named = conformancePairs({ lane: true, tests: NAMED });
    const drawn = await measured(() => runConformance(renderer, named, { concurrency: 2 }));
    const rows = [
      {
        run: `npm run conformance (committed report, scope ${report.scope})`,
        pairs: report.entries.length,
        'renders drawn': report.resumed ? '– (stopped runs)' : report.renders,
        'renders asked': report.resumed ? '–' : report.renders_asked,
        'drawn per pair': report.resumed ? '–' : (report.renders / report.pairs).toFixed(2),
        'wall s': report.wall_s + (report.resumed?.wall_s ?? 0),
        'CPU s (processes)': report.resumed ? '–' : (report.cpu_s.tree ?? '–'),
        'machine busy s': report.resumed ? '–' : report.cpu_s.machine,
      },
      {
        run: 'CI: lane inputs checked (no render)',
        pairs: check.value,
        'renders drawn': 0,
        'renders asked': 0,
        'drawn per pair': '0.00',
        'wall s': check.wallS.toFixed(1),
        'CPU s (processes)': check.cpuS.toFixed(1),
        'machine busy s': check.machineS.toFixed(1),
      },
      {
        run: 'CI: five named tests drawn again',
        pairs: named.length,
        'renders drawn': drawn.value.renders,
        'renders asked': drawn.value.asked,
        'drawn per pair': (drawn.value.renders / named.length).toFixed(2),
        'wall s': drawn.wallS.toFixed(1),
        'CPU s (processes)': drawn.cpuS.toFixed(1),
        'machine busy s': drawn.machineS.toFixed(1),
      },
    ];
    console.table(rows);
    console.log(`CPU by part, named tests drawn: ${drawn.parts}`);
    const wholeWall = report.wall_s + (report.resumed?.wall_s ?? 0);
    console.log(
      `the CI lane covers ${lane.length} of ${report.pairs} pairs (every family, recorded value ` +
        `and feature) in ${(check.wallS + drawn.wallS).toFixed(0)} s against ${wholeWall} s ` +
        `for the ${report.entries.length} pairs of the committed report ` +
        `(${((check.wallS + drawn.wallS) / wholeWall).toFixed(3)}×)`,
    );
  } finally {
    await renderer.close();
  }
}

void main();
