import { readFileSync } from 'node:fs';
import { mapWithConcurrency } from '../../src/base/system/map-with-concurrency';
import {
  NOTE_PROBES_FILE,
  NoteProbeReport,
} from '../../src/rendering/fidelity/conformance/note-probe-report';
import type { Renderer } from '../../src/rendering/render';
import { noteProbeCases, probeInputs, runNoteProbes } from '../conformance/note-probes';
import { testRenderer } from '../support/renderer';

/**
 * The committed note probes (`npm run conformance:notes`) are the current code's: every note a
 * family applies as a rule has its probe, each still prepared from the inputs it was drawn from
 * (a change to a rule that changes what it draws fails here until the probes are drawn again),
 * and three shown probes drawn again show their note again.
 */
describe('the committed note probes', () => {
  const committed = JSON.parse(readFileSync(NOTE_PROBES_FILE, 'utf8')) as NoteProbeReport;
  const cases = noteProbeCases();
  const entryOf = (probe: { family: string; feature: string; number: string }) =>
    committed.probes.find(
      (p) => p.family === probe.family && p.feature === probe.feature && p.note === probe.number,
    );
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer()));
  afterAll(() => renderer.close());

  it('has a probe of every applied note, drawn from the inputs the code prepares', async () => {
    const missing = cases.filter((probe) => !entryOf(probe));
    expect(missing.map((p) => `${p.family} ${p.feature} #${p.number}`)).toEqual([]);
    const stale = (
      await mapWithConcurrency(cases, 4, async (probe) =>
        entryOf(probe)!.inputs === (await probeInputs(renderer, probe))
          ? []
          : [`${probe.family} ${probe.feature} #${probe.number}`],
      )
    ).flat();
    expect(stale).toEqual([]);
  }, 600_000);

  it('draws three shown notes again, and they show again', async () => {
    const again = cases.filter((probe) => entryOf(probe)?.shown).slice(0, 3);
    expect(again.length).toBe(3);
    const drawn = await runNoteProbes(renderer, again);
    expect(drawn.map((p) => [p.feature, p.note, p.shown])).toEqual(
      again.map((p) => [p.feature, p.number, true]),
    );
  }, 300_000);
});
