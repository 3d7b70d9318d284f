import { readFileSync } from 'node:fs';
import { mapWithConcurrency } from '../../src/base/system/map-with-concurrency';
import {
  agreementOf,
  parseReport,
  REPORT_FILE,
} from '../../src/rendering/fidelity/conformance/conformance-report';
import {
  DISAGREEMENTS,
  knownDisagreement,
} from '../../src/rendering/fidelity/conformance/disagreements';
import type { Renderer } from '../../src/rendering/render';
import { conformancePairs } from '../conformance/conformance-pairs';
import { PairInputs } from '../conformance/conformance-run';
import { testRenderer } from '../support/renderer';

/**
 * The committed conformance report (`npm run conformance`) is the current code's: every pair
 * of its scope has its entry, with caniemail's current value, and the lane's entries
 * (one profile per feature, family and recorded value: every family, version range and
 * feature) are still prepared from the very inputs they were drawn from (the same inputs draw
 * the same pictures: Renderer.pixelKey). A change to a family's rules that changes what a
 * client draws fails here until its pairs are drawn again (`npm run conformance -- --merge
 * --tests ...`). The renders themselves are drawn again, and compared, in
 * caniemail-conformance.fidelity-spec.ts.
 */
describe('the committed conformance report', () => {
  const report = parseReport(readFileSync(REPORT_FILE, 'utf8'));
  const key = (entry: { client: string; feature: string }) => `${entry.client}|${entry.feature}`;
  const byKey = new Map(report.entries.map((entry) => [key(entry), entry]));
  const pairs = conformancePairs();
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer()));
  afterAll(() => renderer.close());

  // Every pair of its scope: the lane's at least (every family, version range and feature),
  // the whole cross-product when it says `all`.
  it("has one entry per pair of its scope, each with caniemail's current value", () => {
    const scope = report.scope === 'all' ? pairs : conformancePairs({ lane: true });
    const missing = scope.filter((pair) => !byKey.has(key({ ...pair, client: pair.profile.code })));
    expect(missing.map((pair) => `${pair.profile.code} ${pair.feature}`)).toEqual([]);
    const current = new Map(
      pairs.map((pair) => [key({ ...pair, client: pair.profile.code }), pair]),
    );
    const changed = report.entries.filter(
      (entry) => current.get(key(entry))?.caniemail !== entry.caniemail,
    );
    expect(changed.map((entry) => `${entry.client} ${entry.feature}`)).toEqual([]);
  });

  it("the lane's entries were drawn from the inputs the current code prepares", async () => {
    const pairInputs = new PairInputs(renderer);
    const stale = (
      await mapWithConcurrency(conformancePairs({ lane: true }), 8, async (pair) => {
        const entry = byKey.get(key({ ...pair, client: pair.profile.code }))!;
        const inputs = await pairInputs.of(pair);
        return inputs === entry.inputs ? [] : [`${pair.test} ${pair.feature} ${pair.profile.code}`];
      })
    ).flat();
    expect(stale.slice(0, 20)).toEqual([]);
  }, 1_200_000);

  it('agrees with caniemail on at least 98 % of decided entries; each explanation is of one', () => {
    const agreement = agreementOf(report.entries);
    expect(report.agreement).toEqual(agreement);
    expect(agreement.rate).toBeGreaterThanOrEqual(0.98);
    // An explanation (known-disagreements.json) of a disagreement no entry shows any more is
    // stale: the record would carry a reason for nothing.
    const stale = DISAGREEMENTS.filter(
      (known) =>
        !report.entries.some(
          (entry) =>
            entry.agrees === false &&
            entry.feature === known.feature &&
            (known.clients ? known.clients.includes(entry.client) : known.family === entry.family),
        ),
    );
    expect(stale.map((known) => `${known.family ?? known.clients} ${known.feature}`)).toEqual([]);
    // And every disagreement has its explanation: the record gives each its cause.
    const unexplained = report.entries.filter(
      (entry) =>
        entry.agrees === false && !knownDisagreement(entry.client, entry.family, entry.feature),
    );
    expect(unexplained.map((entry) => `${entry.client} ${entry.feature}`)).toEqual([]);
  });
});
