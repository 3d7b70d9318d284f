import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import {
  ConformanceIndex,
  ConformanceReport,
  ConformanceResult,
  parseReport,
  serialiseReport,
} from '../../../../src/rendering/fidelity/conformance/conformance-report';
import { fidelityRecord } from '../../../../src/rendering/fidelity/fidelity-record';
import {
  NoteProbe,
  NoteProbeIndex,
} from '../../../../src/rendering/fidelity/conformance/note-probe-report';

/** No committed note probes: an applied note is proven by nothing. */
const NO_PROBES = new NoteProbeIndex('/nonexistent/note-probes.json');

function probesOf(probes: NoteProbe[]): NoteProbeIndex {
  const file = join(mkdtempSync(join(tmpdir(), 'note-probes-')), 'note-probes.json');
  writeFileSync(file, JSON.stringify({ generated_by: 'a unit test', probes }));
  return new NoteProbeIndex(file);
}

const result = (
  feature: string,
  verdict: ConformanceResult['verdict'],
  agrees: boolean | null,
) => ({
  client: 'OL2019',
  feature,
  family: 'outlook-word',
  test: `${feature}.html`,
  caniemail: verdict === 'supported' ? 'y' : 'n',
  expected: verdict === 'supported' ? ('supported' as const) : ('unsupported' as const),
  verdict,
  agrees,
  engine_change: 900,
  client_change: verdict === 'supported' ? 800 : 0,
  inputs: '0123456789ab',
  ...(agrees === null ? { why: 'the engine draws the test the same without the feature' } : {}),
});

function reportOf(entries: ConformanceResult[]): ConformanceReport {
  return {
    generated_by: 'a unit test',
    generated_at: '2026-11-29T00:00:00.000Z',
    scope: 'some',
    caniemail_version: '2.0.2',
    pairs: entries.length,
    renders: 4,
    renders_asked: 12,
    wall_s: 1,
    cpu_s: { tree: 1, machine: 2 },
    agreement: { rate: null, decided: 0, agreeing: 0, undecided: 0 },
    entries,
  };
}

function indexOf(entries: ConformanceResult[]): ConformanceIndex {
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-')), 'report.json');
  writeFileSync(file, serialiseReport(reportOf(entries)));
  return new ConformanceIndex(file);
}

describe("a fidelity record's caniemail entries, from the conformance report", () => {
  const profile = clientCatalog.find('OL2019')!;
  const engine = { name: 'chromium', version: '142' };

  it('keeps every field of every entry through the one-line-per-entry file', () => {
    const entries = [
      result('css-border-radius', 'unsupported', true),
      result('css-inset', 'undecided', null),
    ];
    expect(parseReport(serialiseReport(reportOf(entries))).entries).toEqual(entries);
  });

  it('proves an agreeing entry by its render, and says why not for the others', () => {
    const index = indexOf([
      result('css-border-radius', 'unsupported', true),
      result('css-margin', 'unsupported', false),
      result('css-inset', 'undecided', null),
    ]);
    const record = fidelityRecord(profile, engine, index, NO_PROBES);
    const of = (feature: string) => record.caniemail_features.find((f) => f.feature === feature);
    expect(of('css-border-radius')).toMatchObject({
      handling: 'removed',
      status: 'emulated',
      conformance: {
        test: 'css-border-radius.html',
        caniemail: 'n',
        expected: 'unsupported',
        result: 'unsupported',
        agrees: true,
      },
    });
    expect(of('css-margin')).toMatchObject({
      status: 'not-emulated',
      reason: 'the render shows it unsupported where caniemail records "n" (unsupported)',
    });
    expect(of('css-inset')).toMatchObject({
      status: 'undecided',
      reason: 'the engine draws the test the same without the feature',
    });
    // a removal no render of this client shows: undecided, never claimed
    const unrendered = record.caniemail_features.filter(
      (f) => !['css-border-radius', 'css-margin', 'css-inset'].includes(f.feature),
    );
    expect(unrendered.length).toBeGreaterThan(0);
    for (const entry of unrendered) {
      expect(['undecided', 'not-emulated']).toContain(entry.status);
      expect(entry.reason).toEqual(expect.any(String));
    }
    expect(record.summary.agreement).toEqual({ rate: 0.5, decided: 2, agreeing: 1, undecided: 1 });
  });

  it('lists a feature the suite rendered and the service keeps as it is', () => {
    const index = indexOf([result('css-display-flex', 'supported', true)]);
    const record = fidelityRecord(profile, engine, index, NO_PROBES);
    expect(record.caniemail_features).toContainEqual(
      expect.objectContaining({ feature: 'css-display-flex', status: 'emulated' }),
    );
  });

  it('has no report: every caniemail entry is undecided, with the reason', () => {
    const record = fidelityRecord(
      profile,
      engine,
      new ConformanceIndex('/nonexistent/report.json'),
      NO_PROBES,
    );
    expect(record.summary.agreement).toEqual({ rate: null, decided: 0, agreeing: 0, undecided: 0 });
    expect(record.caniemail_features.every((f) => f.status !== 'emulated')).toBe(true);
  });

  it('proves an applied note only by a probe render that shows it', () => {
    // OL2019 applies css-margin #1 (negative margins dropped): shown by its probe, or not
    const probe = (shown: boolean): NoteProbe => ({
      family: 'outlook-word',
      feature: 'css-margin',
      note: '1',
      text: 'Partial. Negative values are not supported.',
      client: 'OL2007',
      email: 'css-margin.html',
      change: shown ? 5000 : 0,
      shown,
      inputs: '0123456789ab',
    });
    const note = (probes: NoteProbeIndex) =>
      fidelityRecord(profile, engine, indexOf([]), probes).caniemail_features.find(
        (f) => f.feature === 'css-margin' && f.handling === 'note #1 applied',
      )!;
    expect(note(probesOf([probe(true)]))).toMatchObject({
      status: 'emulated',
      probe: { email: 'css-margin.html', client: 'OL2007', change: 5000 },
    });
    expect(note(probesOf([probe(false)]))).toMatchObject({
      status: 'undecided',
      reason: expect.stringMatching(/no render shows this note/),
    });
    expect(note(NO_PROBES)).toMatchObject({ status: 'undecided' });
  });
});
