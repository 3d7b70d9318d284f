import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import {
  appliesTo,
  BEHAVIOURS,
  type Behaviour,
} from '../../../../src/rendering/fidelity/behaviour-catalogue';
import { fidelityRecord } from '../../../../src/rendering/fidelity/fidelity-record';

const ROOT = join(__dirname, '../../../..');
const FIDELITY = 'test/fidelity';

/** The probe ids each fidelity test file holds (`id: '...'` in its probes). */
function probeIds(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const name of readdirSync(join(ROOT, FIDELITY)).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(join(ROOT, FIDELITY, name), 'utf8');
    found.set(
      `${FIDELITY}/${name}`,
      [...text.matchAll(/\bid: '([^']+)'/g)].map((m) => m[1]),
    );
  }
  return found;
}

/**
 * What the catalogue claims and the tests do not hold: an emulated behaviour with no probe
 * under its id in the file it names, a probe of no behaviour, or of one not marked emulated.
 */
function unprovenClaims(behaviours: readonly Behaviour[], probes: Map<string, string[]>): string[] {
  const gaps: string[] = [];
  const byId = new Map(behaviours.map((entry) => [entry.id, entry]));
  for (const entry of behaviours.filter((b) => b.status === 'emulated'))
    if (!probes.get(entry.proof ?? '')?.includes(entry.id))
      gaps.push(`${entry.id} is marked emulated, but ${entry.proof} has no probe of it`);
  for (const [file, ids] of probes)
    for (const id of ids) {
      const entry = byId.get(id);
      if (!entry) gaps.push(`${file} probes ${id}, which the catalogue does not list`);
      else if (entry.status !== 'emulated')
        gaps.push(`${file} probes ${id}, which the catalogue marks ${entry.status}`);
      else if (entry.proof !== file) gaps.push(`${id} is probed in ${file}, not in ${entry.proof}`);
    }
  return gaps;
}

describe('the fidelity behaviour catalogue (src/rendering/families/<family>/behaviours)', () => {
  it('marks a behaviour emulated only where a probe proves it, and every probe is of one', () => {
    expect(unprovenClaims(BEHAVIOURS, probeIds())).toEqual([]);
  });

  it('fails a behaviour marked emulated without a probe (the check can fail)', () => {
    const claimed: Behaviour = {
      id: 'apple-ios/unprobed',
      behaviour: 'something said and never shown',
      source: 'nowhere',
      status: 'emulated',
      applies_to: { family: 'apple-mail' },
      proof: `${FIDELITY}/apple-ios.probes.ts`,
    };
    expect(unprovenClaims([...BEHAVIOURS, claimed], probeIds())).toEqual([
      `apple-ios/unprobed is marked emulated, but ${FIDELITY}/apple-ios.probes.ts has no probe of it`,
    ]);
    const demoted = BEHAVIOURS.map((entry, index) =>
      index === 0 ? { ...entry, status: 'not-emulated' as const } : entry,
    );
    expect(unprovenClaims(demoted, probeIds())).toEqual([
      `${BEHAVIOURS[0].proof} probes ${BEHAVIOURS[0].id}, which the catalogue marks not-emulated`,
    ]);
  });

  it('names only clients and families of the client catalogue', () => {
    const codes = new Set(clientCatalog.codes());
    const families = new Set(clientCatalog.all().map((profile) => profile.family));
    const unknown = BEHAVIOURS.flatMap(({ id, applies_to: to }) => [
      ...(to.clients ?? []).filter((code) => !codes.has(code)).map((code) => `${id}: ${code}`),
      ...(to.family && !families.has(to.family) ? [`${id}: family ${to.family}`] : []),
    ]);
    expect(unknown).toEqual([]);
    // and each behaviour holds for one profile at least
    expect(BEHAVIOURS.filter((b) => !clientCatalog.all().some((p) => appliesTo(b, p)))).toEqual([]);
  });

  it('applies a behaviour by family, platform, variant and colour scheme', () => {
    const ids = (code: string) =>
      BEHAVIOURS.filter((b) => appliesTo(b, clientCatalog.find(code)!)).map((b) => b.id);
    expect(ids('IPHONE13')).toContain('apple-ios/a-phone-number-becomes-a-blue-underlined-link');
    expect(ids('APPMAIL16')).not.toContain(
      'apple-ios/a-phone-number-becomes-a-blue-underlined-link',
    );
    const dark = BEHAVIOURS.filter((b) => b.applies_to.dark === true).map((b) => b.id);
    expect(dark.length).toBeGreaterThan(0);
    for (const code of ['IPHONE13', 'APPMAIL16', 'OUTLOOKCOM', 'ANDROID14GMAILAPP'])
      expect(ids(code).filter((id) => dark.includes(id))).toEqual([]);
    expect(ids('IPHONE13DARK').some((id) => dark.includes(id))).toBe(true);
    // by the client's version: iOS 15 and 17.0 before 17.5, only iOS 15 before 17
    expect(ids('IPHONE13')).toContain('apple-ios/no-font-size-adjust-before-ios-17');
    expect(ids('IPHONE15')).not.toContain('apple-ios/no-font-size-adjust-before-ios-17');
    expect(ids('IPHONE15')).toContain('apple-ios/no-light-dark-before-ios-17-5');
    expect(ids('IPHONE16')).not.toContain('apple-ios/no-light-dark-before-ios-17-5');
    expect(ids('OL2019').length).toBeGreaterThan(20);
    expect(ids('OL2019').every((id) => id.startsWith('outlook-'))).toBe(true);
  });
});

describe('the fidelity record of a client', () => {
  const engine = { name: 'chromium', version: '142' };

  it('lists its behaviours with their sources and statuses, caniemail entries and fonts', () => {
    const record = fidelityRecord(clientCatalog.find('OL2019')!, engine);
    expect(record.client).toBe('OL2019');
    expect(record.behaviours.every((b) => b.source && b.status)).toBe(true);
    expect(record.behaviours.filter((b) => b.status === 'emulated').every((b) => b.proof)).toBe(
      true,
    );
    expect(record.caniemail_features.find((f) => f.feature === 'css-border-radius')).toMatchObject({
      handling: 'removed',
      source: 'caniemail css-border-radius',
    });
    expect(record.caniemail_features.every((f) => f.status === 'emulated' || f.reason)).toBe(true);
    expect(record.fonts.stand_ins).toContainEqual({
      name: 'Calibri',
      drawn_with: 'Carlito',
      is: 'metric-compatible',
    });
    const counted = [...record.behaviours, ...record.caniemail_features].length;
    const { agreement, ...statuses } = record.summary;
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(counted);
    expect(agreement.decided + agreement.undecided).toBeGreaterThanOrEqual(0);
  });
});
