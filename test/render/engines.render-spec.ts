import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import {
  BrowserCrashedError,
  RenderDeadlineError,
  RenderMemoryError,
} from '../../src/rendering/engine/render-errors';
import type { Renderer } from '../../src/rendering/render';
import { BLUR_BOMB } from '../support/hostile-emails';
import { ImageServer, solidPng, startImageServer } from '../support/image-server';
import { isBlue, isGreen, isRed, readPixels } from '../support/pixels';
import { descendants, kill } from '../support/process-tree';
import { reachingEmail, SCRIPTED_EMAIL } from '../support/isolation-emails';
import { testRenderer } from '../support/renderer';
import { until } from '../support/until';

const DEFAULT = { images: 'allowed', orientation: 'vertical' } as const;

/**
 * A block that is red unless the engine understands a selector only it understands: WebKit's
 * `:matches()` (Blink and Gecko know only `:is()`), Gecko's `:-moz-any()`. Selectors, not
 * `@supports`: caniemail says Outlook for Mac and Gmail's apps drop `@supports`, and they do.
 */
const IDENTITY_PROBE = `<html><head><style>
  .webkit, .gecko { height: 120px; background-color: #ff0000; }
  div:matches(.webkit) { background-color: #00aa00; }
  div:-moz-any(.gecko) { background-color: #00aa00; }
</style></head><body><div class="webkit">webkit</div><div class="gecko">gecko</div></body></html>`;

/** The issue's own probe: only WebKit has `hanging-punctuation`. */
const SUPPORTS_PROBE = IDENTITY_PROBE.replace(
  'div:matches(.webkit)',
  '@supports (hanging-punctuation: first) { .webkit { background-color: #00aa00; } } .x',
);

/** Which of the two probe blocks an engine painted green (top: webkit, bottom: gecko). */
async function understood(
  png: Buffer,
  scale: number,
): Promise<{ webkit: boolean; gecko: boolean }> {
  const pixels = await readPixels(png);
  const band = (top: number) => {
    const y = Math.round((top + 20) * scale);
    return pixels.count(isGreen, { left: 0, top: y, right: 50, bottom: y + 40 }) > 0;
  };
  // body margin 8, then two 120 px blocks
  return { webkit: band(8), gecko: band(128) };
}

const codesOf = (engine: string) =>
  clientCatalog
    .all()
    .filter((profile) => profile.engine === engine)
    .map((profile) => profile.code);

describe('engine identity: each profile drawn by its client engine', () => {
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer()));
  afterAll(() => renderer.close());

  const probe = async (code: string) => {
    const result = await renderer.render(
      { html: IDENTITY_PROBE, text: null, images: [] },
      code,
      DEFAULT,
    );
    const profile = clientCatalog.find(code)!;
    return { result, seen: await understood(result.full, profile.device_scale_factor) };
  };

  it.each([
    'APPMAIL15',
    'APPMAIL16DARK',
    'IPHONE13',
    'IPAD',
    'OL2019MAC',
    'OUTLOOKMAC',
    'GMAILIOS',
  ])(
    '%s: a WebKit-only rule applies, a Gecko-only rule does not; the report names WebKit',
    async (code) => {
      const { result, seen } = await probe(code);
      expect([code, seen]).toEqual([code, { webkit: true, gecko: false }]);
      expect(result.engine.name).toBe('webkit');
      expect(result.report[0]).toMatchObject({ slug: 'rule:engine', where: 'engine' });
      expect(result.report[0].title).toMatch(/^Drawn by WebKit \d+\.\d+/);
    },
  );

  it.each(['APPMAIL15', 'IPHONE13'])(
    '%s: @supports (hanging-punctuation: first) applies, where caniemail says @supports does',
    async (code) => {
      const result = await renderer.render(
        { html: SUPPORTS_PROBE, text: null, images: [] },
        code,
        DEFAULT,
      );
      const scale = clientCatalog.find(code)!.device_scale_factor;
      expect((await understood(result.full, scale)).webkit).toBe(true);
    },
  );

  it.each(['THUNDERBIRDLATEST', 'FFGMAILNEW', 'FFOUTLOOKCOM'])(
    '%s: a Gecko-only rule applies, a WebKit-only rule does not; the report names Gecko',
    async (code) => {
      const { result, seen } = await probe(code);
      expect([code, seen]).toEqual([code, { webkit: false, gecko: true }]);
      expect(result.engine.name).toBe('gecko');
      expect(result.report[0].title).toMatch(/^Drawn by Gecko \d+/);
    },
  );

  it.each(['OL2019', 'GMAILNEW', 'OUTLOOKCOM', 'ANDROIDGMAILAPP', 'SAMSUNGMAIL'])(
    '%s: neither rule applies (Blink)',
    async (code) => {
      const { result, seen } = await probe(code);
      expect([code, seen]).toEqual([code, { webkit: false, gecko: false }]);
      expect(result.engine.name).toBe('chromium');
    },
  );

  it('the catalogue sends every Apple, iOS and Outlook for Mac profile to WebKit, Thunderbird and Firefox to Gecko', () => {
    for (const profile of clientCatalog.all()) {
      const expected = /^(iOS|iPadOS|macOS)\b/.test(profile.platform)
        ? 'webkit'
        : profile.platform.startsWith('Firefox') || profile.family === 'thunderbird'
          ? 'gecko'
          : 'chromium';
      expect([profile.code, profile.engine]).toEqual([profile.code, expected]);
    }
    expect(codesOf('webkit').length).toBeGreaterThan(40);
  });
});

describe('engines started ahead of their first capture (ENGINE_WARM_UP)', () => {
  let renderer: Renderer;
  // Contexts opened ahead of demand, as the service's default (RENDER_WARM_CONTEXTS).
  beforeAll(() => (renderer = testRenderer({ warmContexts: true })));
  afterAll(() => renderer.close());

  it('says each engine is starting, then up, with every device scale and colour scheme launched, before any capture', async () => {
    const states = () => Object.fromEntries(renderer.engineHealth().map((e) => [e.name, e.state]));
    expect(states()).toEqual({ chromium: 'idle', webkit: 'idle', gecko: 'idle' });
    const starting = renderer.start();
    expect(states()).toEqual({ chromium: 'starting', webkit: 'starting', gecko: 'starting' });
    // Never down while its renderers and browsers come up one after another.
    const seen = new Set<string>();
    const sampling = setInterval(() => Object.values(states()).forEach((s) => seen.add(s)), 10);
    await starting.finally(() => clearInterval(sampling));
    expect([...seen].sort()).toEqual(['starting', 'up']);
    expect(states()).toEqual({ chromium: 'up', webkit: 'up', gecko: 'up' });
    // One WebKit renderer per device scale and colour scheme of its profiles, one Firefox
    // per colour scheme; WebKit's renderers each have a fresh page (a web process) opening
    // or open for the next capture.
    const count = (pattern: RegExp) =>
      descendants().filter((info) => pattern.test(info.args)).length;
    const signatures = (engine: string, of: (p: ClientProfile) => string) =>
      new Set(
        clientCatalog
          .all()
          .filter((p) => p.engine === engine)
          .map(of),
      ).size;
    const scheme = (p: ClientProfile) => (p.dark === 'none' ? 'light' : 'dark');
    // The engine itself, not the jail that started it (its command line names the engine too).
    const itself = (pattern: RegExp) => new RegExp(`^(?!.*engine-jail\\.py).*${pattern.source}`);
    expect(count(itself(/webkit-renderer\.py/))).toBe(
      signatures('webkit', (p) => `${p.device_scale_factor} ${scheme(p)}`),
    );
    expect(count(itself(/firefox-esr --headless/))).toBe(signatures('gecko', scheme));
    const running = (pattern: RegExp) => count(pattern) > 0;
    await until(() => running(/WebKitWebProcess/));
    const result = await renderer.render(
      { html: IDENTITY_PROBE, text: null, images: [] },
      'APPMAIL15',
      DEFAULT,
    );
    expect(await understood(result.full, 1)).toEqual({ webkit: true, gecko: false });
  });
});

describe("a WebKit page opened ahead for one device's viewport, taken by another's", () => {
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer({ warmContexts: true, concurrency: 1 })));
  afterAll(() => renderer.close());

  // Green only at the viewport's own width: 375 (IPHONE12MINI), not 428 (IPHONE12PROMAX).
  const WIDTH_PROBE = `<html><head><style>
    body { margin: 0 } .w { height: 100px; background-color: #ff0000; }
    @media (max-width: 380px) { .w { background-color: #00aa00; } }
  </style></head><body><div class="w"></div></body></html>`;

  it('lays the email out at its own viewport (the page is resized to it, narrower or wider)', async () => {
    const probe = { html: WIDTH_PROBE, text: null, images: [] };
    // Both at 3x: the page opened ahead after the first capture is 428 px wide.
    await renderer.render(probe, 'IPHONE12PROMAX', DEFAULT);
    const narrow = await renderer.render(probe, 'IPHONE12MINI', DEFAULT);
    expect(narrow.engine.name).toBe('webkit');
    expect(narrow.width).toBe(375 * 3);
    const pixels = await readPixels(narrow.full);
    const band = { left: 0, top: 30, right: 375 * 3, bottom: 270 };
    expect(pixels.count(isRed, band)).toBe(0);
    expect(pixels.count(isGreen, band)).toBeGreaterThan(0);
  });
});

describe('a profile whose engine is not enabled is drawn by Chromium, and says so', () => {
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer({ engines: ['chromium'] })));
  afterAll(() => renderer.close());

  it.each([
    ['APPMAIL15', 'WebKit'],
    ['THUNDERBIRDLATEST', 'Gecko'],
  ])('%s falls back to Chromium with a report entry naming %s', async (code, engine) => {
    const result = await renderer.render(
      { html: IDENTITY_PROBE, text: null, images: [] },
      code,
      DEFAULT,
    );
    expect(result.engine.name).toBe('chromium');
    expect(await understood(result.full, 1)).toEqual({ webkit: false, gecko: false });
    expect(result.report[0]).toMatchObject({ slug: 'rule:engine-substitute' });
    expect(result.report[0].title).toContain(`instead of the client's ${engine}`);
    expect(result.report[0].title).toContain('ENGINES=chromium');
    expect(renderer.engineFor(clientCatalog.find(code)!).instead?.reason).toMatch(/not enabled/);
  });
});

/** Parity with Chromium, engine by engine: isolation, no network, deadline, memory, crashes. */
describe.each([
  // The browser to kill: WebKit's resident renderer and Firefox both run on between captures.
  {
    engine: 'webkit',
    desktop: 'APPMAIL15',
    mobile: 'IPHONE13',
    dark: 'APPMAIL15DARK',
    browser: /webkit-renderer\.py/,
    // Killed once its page has a web process: the capture is then under way.
    underWay: /WebKitWebProcess/,
    perCapture: false,
  },
  {
    engine: 'gecko',
    desktop: 'THUNDERBIRDLATEST',
    mobile: 'FFGMXDE',
    dark: 'FFOUTLOOKCOMDARK',
    browser: /firefox-esr --headless/,
    underWay: /firefox-esr --headless/,
    perCapture: false,
  },
])('$engine parity', ({ engine, desktop, mobile, dark, browser, underWay, perCapture }) => {
  let renderer: Renderer;
  let server: ImageServer;
  beforeAll(async () => {
    renderer = testRenderer();
    server = await startImageServer();
  });
  afterAll(async () => {
    await renderer.close();
    await server.close();
  });

  it('draws animations at a fixed moment: a finite one at its end, an endless one unstarted', async () => {
    const email = `<!DOCTYPE html><html><head><style>
      @keyframes toGreen { to { background: #00ff00 } }
      .once { background: #ff0000; animation: toGreen 0.2s forwards 0.1s }
      .endless { background: #ff0000; animation: toGreen 0.05s infinite alternate }
      ${'.many{animation:toGreen .01s infinite}'}
    </style></head><body style="margin:0">
      <div class="once" style="height:100px"></div><div class="endless" style="height:100px"></div>
      ${'<div class="many">x</div>'.repeat(200)}</body></html>`;
    const result = await renderer.render({ html: email, text: null, images: [] }, desktop, DEFAULT);
    expect(result.engine.name).toBe(engine);
    const pixels = await readPixels(result.full);
    expect(isGreen(pixels.at(10, 50))).toBe(true); // finished: green
    expect(isRed(pixels.at(10, 150))).toBe(true); // cancelled: its own red
    const again = await renderer.render({ html: email, text: null, images: [] }, desktop, DEFAULT);
    expect(again.full.equals(result.full)).toBe(true);
  });

  it("never runs the email's script", async () => {
    const email = SCRIPTED_EMAIL;
    const result = await renderer.render({ html: email, text: null, images: [] }, desktop, DEFAULT);
    expect(result.engine.name).toBe(engine);
    expect((await readPixels(result.full)).count(isRed)).toBe(0);
  });

  it('reaches no server the email names, and lists what it refused', async () => {
    server.requests.length = 0;
    const base = server.url;
    const email = reachingEmail(base);
    const result = await renderer.render({ html: email, text: null, images: [] }, desktop, DEFAULT);
    expect(server.requests).toEqual([]);
    expect(result.blockedRequests.some((url) => url.startsWith(base))).toBe(true);
  });

  it("draws the email's stored copies, served from memory", async () => {
    const png = await solidPng(40, 40, [0, 170, 0]);
    const email = {
      html: `<html><body style="margin:0"><img src="https://images.example/a.png" width="40" height="40"></body></html>`,
      text: null,
      images: [{ url: 'https://images.example/a.png', data: png, contentType: 'image/png' }],
    };
    const result = await renderer.render(email, desktop, DEFAULT);
    const box = { left: 0, top: 0, right: 40, bottom: 40 };
    expect((await readPixels(result.full)).count(isGreen, box)).toBeGreaterThan(1000);
  });

  it('gives every email its own context: markers never repeat across emails, one after another or at once', async () => {
    const render = async (email: string, code: string) =>
      (
        await renderer.render(
          { html: `<p>${email}</p>`, text: null, images: [] },
          code,
          DEFAULT,
          email,
        )
      ).contextMarker;
    const markers = [
      await render('a', desktop),
      await render('b', desktop),
      await render('a', mobile),
    ];
    markers.push(
      ...(await Promise.all([render('c', desktop), render('d', mobile), render('e', desktop)])),
    );
    for (const marker of markers) expect(marker).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(markers).size).toBe(markers.length);
    const first = await renderer.render(
      { html: '<div style="height:100px;background:#ff0000">a</div>', text: null, images: [] },
      desktop,
      DEFAULT,
    );
    expect((await readPixels(first.full)).count(isRed)).toBeGreaterThan(0);
    const second = await renderer.render(
      { html: '<p>b</p>', text: null, images: [] },
      desktop,
      DEFAULT,
    );
    expect((await readPixels(second.full)).count(isRed)).toBe(0);
  });

  it('draws at the device scale and viewport, and the whole email', async () => {
    const tall = `<html><body style="margin:0"><div style="height:3000px;background:#00aa00"></div>
      <div style="height:10px;background:#ff0000"></div></body></html>`;
    const profile = clientCatalog.find(mobile)!;
    const result = await renderer.render({ html: tall, text: null, images: [] }, mobile, DEFAULT);
    expect(result.width).toBe(profile.viewport.width * profile.device_scale_factor);
    expect(result.height).toBeGreaterThanOrEqual(3010 * profile.device_scale_factor);
    expect(result.truncated).toBe(false);
    const pixels = await readPixels(result.full);
    const bottom = { left: 0, top: result.height - 30, right: 20, bottom: result.height };
    expect(pixels.count(isRed, bottom)).toBeGreaterThan(0);
  });

  it('draws an email of no height (its only box collapsed): a picture, not an error', async () => {
    const empty = '<html><body style="margin:0"><div style="width:200px"></div></body></html>';
    for (const client of [desktop, mobile]) {
      const result = await renderer.render(
        { html: empty, text: null, images: [] },
        client,
        DEFAULT,
      );
      const { viewport, device_scale_factor: scale } = clientCatalog.find(client)!;
      const rows = (await readPixels(result.full)).height;
      expect({ client, drawn: rows >= 1 && rows <= Math.ceil(viewport.height * scale) }).toEqual({
        client,
        drawn: true,
      });
    }
  });

  it('tells the page the reader prefers dark in a dark profile, and light in a light one', async () => {
    const html = `<html><head><meta name="color-scheme" content="light dark"><style>
      .scheme { height: 100px; background-color: #ff0000; }
      @media (prefers-color-scheme: dark) { .scheme { background-color: #00aa00; } }
      </style></head><body><div class="scheme">scheme</div></body></html>`;
    const greenIn = async (code: string) => {
      const result = await renderer.render({ html, text: null, images: [] }, code, DEFAULT);
      expect(result.engine.name).toBe(engine);
      return (await readPixels(result.full)).count(isGreen) > 0;
    };
    expect(await greenIn(dark)).toBe(true);
    expect(await greenIn(desktop)).toBe(false);
  });

  it('stops a render at its deadline, and the next capture is drawn', async () => {
    const hurried = testRenderer({ timeoutMs: 1500, concurrency: 1 });
    try {
      const heavy = `<html><body>${'<p style="margin:0;filter:blur(30px)">line</p>'.repeat(30000)}</body></html>`;
      await expect(
        hurried.render({ html: heavy, text: null, images: [] }, desktop, DEFAULT),
      ).rejects.toBeInstanceOf(RenderDeadlineError);
      const after = testRenderer({ concurrency: 1 });
      try {
        const result = await after.render(
          { html: '<p>after</p>', text: null, images: [] },
          desktop,
          DEFAULT,
        );
        expect(result.full.length).toBeGreaterThan(0);
      } finally {
        await after.close();
      }
    } finally {
      await hurried.close();
    }
  });

  it('ends a render over its memory budget, naming the budget', async () => {
    const budgeted = testRenderer({ memoryMb: 400, concurrency: 1 });
    try {
      const sharp = (await import('sharp')).default;
      const png = await sharp({
        create: { width: 12000, height: 12000, channels: 3, background: '#f00' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const html = `<img src="data:image/png;base64,${png.toString('base64')}">`;
      await expect(
        budgeted.render({ html, text: null, images: [] }, desktop, DEFAULT),
      ).rejects.toBeInstanceOf(RenderMemoryError);
      const after = await budgeted.render(
        { html: '<p>after</p>', text: null, images: [] },
        desktop,
        DEFAULT,
      );
      expect(after.full.length).toBeGreaterThan(0);
    } finally {
      await budgeted.close();
    }
  });

  it('fails the capture in flight when the browser dies (a crash, named), and draws the next', async () => {
    await renderer.render({ html: '<p>before</p>', text: null, images: [] }, desktop, DEFAULT);
    // WebKit: only this capture's own processes, since an earlier session's may still be
    // leaving (CI found the wait ended by one, and another browser killed than this one's).
    const before = new Set(perCapture ? descendants().map((info) => info.pid) : []);
    const inFlight = renderer.render({ html: BLUR_BOMB, text: null, images: [] }, desktop, DEFAULT);
    // Settled is watched from the start: on a loaded machine the browser may die of this
    // email before it is killed here, and that too must be a crash, named.
    let settled = false;
    const outcome = inFlight.then(
      () => null,
      (error: unknown) => error,
    );
    void outcome.finally(() => (settled = true));
    const ours = () => descendants().filter((info) => !before.has(info.pid));
    await until(() => settled || ours().some((info) => underWay.test(info.args)));
    if (!settled) kill(ours().filter((info) => browser.test(info.args)));
    expect(await outcome).toBeInstanceOf(BrowserCrashedError);
    const after = await renderer.render(
      { html: '<p>after</p>', text: null, images: [] },
      desktop,
      DEFAULT,
    );
    expect(after.engine.name).toBe(engine);
  });

  it('names a browser killed while its session opens a crash, too', async () => {
    // The browser is killed as soon as it exists, before the session has looked at it. Only
    // this renderer's: the suite's own renderer may have a browser running.
    const before = new Set(descendants().map((info) => info.pid));
    // WebKitWebDriver may wait out its 20 s session bound for the dead browser: the render's
    // deadline is well past it, so what ends the render is the crash, on any machine.
    const opening = testRenderer({ concurrency: 1, timeoutMs: 90_000 });
    try {
      const inFlight = opening.render(
        { html: '<p>x</p>', text: null, images: [] },
        desktop,
        DEFAULT,
      );
      const ours = () =>
        descendants().filter((info) => browser.test(info.args) && !before.has(info.pid));
      await until(() => ours().length > 0, 5);
      kill(ours());
      await expect(inFlight).rejects.toBeInstanceOf(BrowserCrashedError);
    } finally {
      await opening.close();
    }
  }, 150_000);
});

/** A tall email, in every engine: its top as drawn, cut at the height limit, said by a band. */
describe.each([
  { engine: 'chromium', mobile: 'ANDROID6' },
  { engine: 'webkit', mobile: 'IPHONE13' },
  { engine: 'gecko', mobile: 'FFGMXDE' },
])('$engine at the height limit', ({ engine, mobile }) => {
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer()));
  afterAll(() => renderer.close());

  // The height limit is 16,384 device px. 1.2 times it stays under cairo's 32,767-pixel limit,
  // past which WebKit has no full-document snapshot; 2.4 times it passes that too; 61 times
  // is a hostile email 1,000,000 CSS px tall, drawn to the limit like the others (it costs
  // what a 16,000 px email costs in every engine: docs/security.md).
  it.each([1.2, 2.4, 61])(
    'cuts an email %f times the height limit: its top as drawn, then the band that says so',
    async (times) => {
      const profile = clientCatalog.find(mobile)!;
      const scale = profile.device_scale_factor;
      const tallness = Math.round((times * 16_384) / scale);
      const tall = `<html><body style="margin:0"><div style="height:200px;background:#00aa00"></div>
        <div style="height:${tallness}px;background:#0000ff"></div></body></html>`;
      const result = await renderer.render({ html: tall, text: null, images: [] }, mobile, DEFAULT);
      expect(result.engine.name).toBe(engine);
      expect(result.truncated).toBe(true);
      expect(result.width).toBe(profile.viewport.width * scale);
      expect(result.height).toBe(Math.floor(16_384 / scale) * scale);
      const pixels = await readPixels(result.full);
      // The left 80 %: clear of any scrollbar.
      const right = Math.floor(result.width * 0.8);
      const top = { left: 0, top: 0, right, bottom: 190 * scale };
      expect(pixels.count(isGreen, top)).toBe(right * 190 * scale);
      const band = { left: 0, top: result.height - 30, right, bottom: result.height };
      const marker = ([r, g, b]: [number, number, number]) => r > 150 && g < 40 && b < 60;
      expect(pixels.count(marker, band)).toBeGreaterThan(right * 10);
      expect(isBlue(pixels.at(10, result.height - 60))).toBe(true);
    },
  );
});
