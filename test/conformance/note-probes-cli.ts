// `npm run conformance:notes`: every caniemail note a family applies as a rule, drawn in the
// first profile that applies it with the rule and without it (note-probes.ts); writes
// src/rendering/fidelity/conformance/note-probes.json, which the fidelity record reads.
// --check: nothing drawn; says which committed probes the code no longer prepares alike.
import { writeFileSync, readFileSync } from 'node:fs';
import {
  NOTE_PROBES_FILE,
  NoteProbeReport,
} from '../../src/rendering/fidelity/conformance/note-probe-report';
import { testRenderer } from '../support/renderer';
import { noteProbeCases, probeInputs, runNoteProbes } from './note-probes';

async function main(): Promise<void> {
  const renderer = testRenderer({ shareMaxMb: 512, concurrency: 2 });
  const cases = noteProbeCases();
  try {
    if (process.argv.includes('--check')) {
      const committed = JSON.parse(readFileSync(NOTE_PROBES_FILE, 'utf8')) as NoteProbeReport;
      let stale = 0;
      for (const probe of cases) {
        const entry = committed.probes.find(
          (p) =>
            p.family === probe.family && p.feature === probe.feature && p.note === probe.number,
        );
        if (entry?.inputs === (await probeInputs(renderer, probe))) continue;
        stale++;
        console.log(`stale: ${probe.family} ${probe.feature} #${probe.number}`);
      }
      console.log(`${cases.length} notes, ${stale} stale`);
      process.exitCode = stale ? 1 : 0;
      return;
    }
    const started = performance.now();
    const probes = await runNoteProbes(renderer, cases, (done, total) => {
      if (done % 20 === 0) console.log(`${done} of ${total} notes`);
    });
    const report: NoteProbeReport = {
      generated_by: 'npm run conformance:notes',
      generated_at: new Date().toISOString(),
      renders: probes.filter((p) => p.email).length * 2,
      wall_s: Math.round((performance.now() - started) / 1000),
      probes,
    };
    writeFileSync(NOTE_PROBES_FILE, `${JSON.stringify(report, null, 1)}\n`);
    const shown = probes.filter((p) => p.shown).length;
    console.log(
      `${probes.length} notes probed: ${shown} shown by a render, ${probes.length - shown} not`,
    );
    for (const p of probes.filter((q) => !q.shown))
      console.log(
        `  not shown: ${p.family} ${p.feature} #${p.note} (${p.email ?? 'no email'}, ${p.change})`,
      );
  } finally {
    await renderer.close();
  }
}

void main();
