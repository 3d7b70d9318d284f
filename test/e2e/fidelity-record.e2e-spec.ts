import { readFileSync } from 'node:fs';
import request from 'supertest';
import {
  parseReport,
  REPORT_FILE,
} from '../../src/rendering/fidelity/conformance/conformance-report';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

interface RecordedBehaviour {
  id: string;
  behaviour: string;
  source: string;
  status: string;
  proof?: string;
  reason?: string;
}

interface RecordedFeature {
  feature: string;
  status: string;
  handling: string;
  reason?: string;
  conformance?: {
    test: string;
    caniemail: string;
    expected: string | null;
    result: string;
    agrees: boolean | null;
  };
}

/** The statuses that say why an entry is not proven by a render. */
const WHY_NOT = ['not-emulated', 'cannot-emulate', 'undecided'];

describe(`GET /v1/clients/<code>/fidelity (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const recordOf = async (code: string) =>
    (await request(t.url).get(`/v1/clients/${code}/fidelity`).expect(200)).body as {
      client: string;
      engine: { name: string; version: string };
      client_engine: string;
      versions: { client: string; engine: string; release?: { browser: string; version: string } };
      engine_release: { release: string; source: string; removed: string[] } | null;
      fonts: { default: { family: string }; stand_ins: { name: string; drawn_with: string }[] };
      behaviours: RecordedBehaviour[];
      caniemail_features: RecordedFeature[];
      summary: Record<string, number> & {
        agreement: { rate: number | null; decided: number; agreeing: number; undecided: number };
      };
    };

  const proven = (behaviours: RecordedBehaviour[]) =>
    behaviours.filter((b) => b.status === 'emulated');

  it('OL2019: the Word engine behaviours, each emulated one with its probe, and its fonts', async () => {
    const record = await recordOf('OL2019');
    expect(record.client).toBe('OL2019');
    expect(record.engine.name).toBe('chromium');
    expect(proven(record.behaviours).length).toBeGreaterThan(20);
    for (const behaviour of proven(record.behaviours)) {
      expect(behaviour.source).not.toBe('');
      expect(behaviour.proof).toMatch(/^test\/fidelity\/outlook-[a-z-]+\.probes\.ts$/);
    }
    expect(record.caniemail_features).toContainEqual(
      expect.objectContaining({ feature: 'css-border-radius', handling: 'removed' }),
    );
    expect(record.fonts.stand_ins).toContainEqual(
      expect.objectContaining({ name: 'Calibri', drawn_with: 'Carlito' }),
    );
    // Word is no browser engine: its version is named, no browser release stands for it
    expect(record.versions).toEqual({
      client: 'Outlook 2019',
      engine: "Word's HTML engine (mso 16), not a browser engine",
    });
    expect(record.engine_release).toBe(null);
    const total = record.behaviours.length + record.caniemail_features.length;
    const { agreement: _agreement, ...statuses } = record.summary;
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('IPHONE13: drawn by WebKit, with what is proven and what is known and not emulated', async () => {
    const record = await recordOf('iphone13');
    expect(record.client).toBe('IPHONE13');
    expect(record.client_engine).toBe('webkit');
    expect(record.engine.name).toBe('webkit');
    expect(proven(record.behaviours).map((b) => b.id)).toContain(
      'apple-ios/a-phone-number-becomes-a-blue-underlined-link',
    );
    expect(proven(record.behaviours).map((b) => b.id)).toEqual(
      expect.arrayContaining([
        'apple-ios/no-font-size-adjust-before-ios-17',
        'apple-ios/no-light-dark-before-ios-17-5',
        'apple-ios/reformatting-meta-keeps-a-wide-email-wide',
      ]),
    );
    // at its version: iOS 15's WebKit, and what that release lacked
    expect(record.versions.release).toEqual({ browser: 'safari_ios', version: '15.0' });
    expect(record.engine_release).toMatchObject({
      release: 'Safari on iOS 15.0',
      source: '@mdn/browser-compat-data',
    });
    expect(record.engine_release!.removed).toEqual(
      expect.arrayContaining([expect.stringMatching(/light-dark/i), 'contain']),
    );
    const known = record.caniemail_features.filter((f) => f.status === 'not-emulated');
    // a note the service does not reproduce, or a render that disagrees with caniemail
    for (const entry of known)
      if (!/^note #\d+ not emulated$/.test(entry.handling))
        expect(entry).toMatchObject({ conformance: { agrees: false }, reason: expect.any(String) });
    expect(record.behaviours.map((b) => b.id).filter((id) => !id.startsWith('apple-'))).toEqual([]);
  });

  it('THUNDERBIRDLATEST: drawn by Gecko, with its Windows fonts and caniemail entries', async () => {
    const record = await recordOf('THUNDERBIRDLATEST');
    expect(record.engine.name).toBe('gecko');
    expect(record.fonts.default.family).toBe('Calibri, sans-serif');
    expect(record.behaviours.length).toBeGreaterThan(0);
    expect(record.behaviours.every((b) => b.id.startsWith('thunderbird/'))).toBe(true);
    expect(record.caniemail_features.length).toBeGreaterThan(0);
    expect(proven(record.behaviours).map((b) => b.id)).toEqual(
      expect.arrayContaining([
        'thunderbird/the-body-content-sits-in-a-moz-text-html-div',
        'thunderbird/messages-are-drawn-in-quirks-mode-before-105',
        'thunderbird/what-its-gecko-lacked-is-not-drawn',
      ]),
    );
    expect(record.versions).toEqual({
      client: 'Thunderbird 60',
      engine: 'Gecko 60 (Firefox ESR 60)',
      release: { browser: 'firefox', version: '60' },
    });
    expect(record.engine_release!.removed).toEqual(
      expect.arrayContaining([expect.stringMatching(/aspect-ratio/i)]),
    );
  });

  // One client per engine: every caniemail entry is proven by the committed conformance
  // report's render of this very client, or says why not; the agreement is the report's.
  it.each(['OL2019', 'IPHONE15', 'THUNDERBIRDLATEST'])(
    "%s: every caniemail entry is proven by the suite's report or says why not",
    async (code) => {
      const report = parseReport(readFileSync(REPORT_FILE, 'utf8'));
      const own = report.entries.filter((entry) => entry.client === code);
      expect(own.length).toBeGreaterThan(0);
      const record = await recordOf(code);
      expect(record.caniemail_features.length).toBeGreaterThan(0);
      for (const entry of record.caniemail_features) {
        expect(entry.status).not.toBe('emulated-unproven');
        if (entry.status === 'emulated') {
          const rendered = own.find((result) => result.feature === entry.feature);
          expect(rendered).toMatchObject({ agrees: true });
          expect(entry.conformance).toMatchObject({
            test: rendered!.test,
            caniemail: rendered!.caniemail,
            expected: rendered!.expected,
            result: rendered!.verdict,
            agrees: true,
          });
        } else {
          expect(WHY_NOT).toContain(entry.status);
          expect(entry.reason).toEqual(expect.any(String));
        }
      }
      // every rendered feature of the client appears in its record
      const recorded = new Set(record.caniemail_features.map((entry) => entry.feature));
      expect(own.filter((result) => !recorded.has(result.feature))).toEqual([]);
      const decided = own.filter((result) => result.agrees !== null);
      expect(record.summary.agreement).toEqual({
        rate: decided.filter((result) => result.agrees).length / decided.length,
        decided: decided.length,
        agreeing: decided.filter((result) => result.agrees).length,
        undecided: own.length - decided.length,
      });
    },
  );

  it('answers 404 with the error body for an unknown client', async () => {
    const response = await request(t.url).get('/v1/clients/NOSUCH/fidelity').expect(404);
    expect(response.body).toEqual({
      status: 404,
      title: 'Not Found',
      description: "No client 'NOSUCH'; the codes are at /v1/clients",
    });
  });
});
