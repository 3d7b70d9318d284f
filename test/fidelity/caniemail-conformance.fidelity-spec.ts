import type { Renderer } from '../../src/rendering/render';
import { conformancePairs } from '../conformance/conformance-pairs';
import { readFileSync } from 'node:fs';
import {
  agreementOf,
  parseReport,
  REPORT_FILE,
} from '../../src/rendering/fidelity/conformance/conformance-report';
import { ConformanceEntry, runConformance } from '../conformance/conformance-run';
import { testRenderer } from '../support/renderer';

/**
 * caniemail's own test emails through the profiles (test/conformance, `npm run conformance`
 * for the whole cross-product): here the five the fidelity issue names, one profile per
 * feature, family and recorded value. Every decided entry agrees with caniemail.
 */
const TESTS = [
  'css-selectors-attribute.html',
  'css-inset.html',
  'css-margin.html',
  'css-table-layout.html',
  'css-variables.html',
];

describe("conformance: caniemail's tests agree with caniemail's record", () => {
  let renderer: Renderer;
  let entries: ConformanceEntry[];
  beforeAll(async () => {
    renderer = testRenderer({ shareMaxMb: 512 });
    const pairs = conformancePairs({ tests: TESTS, lane: true });
    entries = (await runConformance(renderer, pairs, { concurrency: 2 })).entries;
  }, 900_000);
  afterAll(() => renderer.close());

  it.each(TESTS)('%s: decided in several families, and every decided entry agrees', (test) => {
    const own = entries.filter((entry) => entry.test === test);
    const families = new Set(own.filter((e) => e.agrees !== null).map((e) => e.family));
    expect(families.size).toBeGreaterThanOrEqual(3);
    const disagreeing = own.filter((entry) => entry.agrees === false);
    expect(disagreeing).toEqual([]);
  });

  // What the committed report (conformance-report.fidelity-spec.ts) holds without drawing
  // again rests on this: the same inputs, drawn again here, give the same verdict.
  it('draws again what the committed report holds from the same inputs, verdict for verdict', () => {
    const committed = new Map(
      parseReport(readFileSync(REPORT_FILE, 'utf8')).entries.map((e) => [
        `${e.client}|${e.feature}`,
        e,
      ]),
    );
    const same = entries.filter(
      (e) => committed.get(`${e.client}|${e.feature}`)?.inputs === e.inputs,
    );
    expect(same).toHaveLength(entries.length);
    const differing = same.filter(
      (e) => committed.get(`${e.client}|${e.feature}`)!.verdict !== e.verdict,
    );
    expect(differing).toEqual([]);
  });

  it('reads the known answers of the attribute selector test', () => {
    const of = (client: string) =>
      entries.find((e) => e.test === TESTS[0] && e.client === client)?.verdict;
    // Yahoo: only [attr=value] (a #4), drawn; Proton Mail: none (n).
    expect(of('CHROMEYAHOO')).toBe('supported');
    expect(of('PROTONMAIL')).toBe('unsupported');
    expect(agreementOf(entries).rate).toBe(1);
  });
});
