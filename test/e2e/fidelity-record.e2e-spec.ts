import request from 'supertest';
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
      caniemail_features: { feature: string; status: string; handling: string }[];
      summary: Record<string, number>;
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
    expect(Object.values(record.summary).reduce((a, b) => a + b, 0)).toBe(total);
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
    for (const entry of known) expect(entry.handling).toMatch(/^note #\d+ not emulated$/);
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

  it('answers 404 with the error body for an unknown client', async () => {
    const response = await request(t.url).get('/v1/clients/NOSUCH/fidelity').expect(404);
    expect(response.body).toEqual({
      status: 404,
      title: 'Not Found',
      description: "No client 'NOSUCH'; the codes are at /v1/clients",
    });
  });
});
