// Capture latency per engine and profile class, and throughput and peak memory per engine,
// each beside that engine at its fastest with the same steps (bare Playwright for Chromium,
// a bare WebDriver session for WebKit, a bare Firefox context for Gecko) on the same HTML,
// and the cost of emulation (prepare time) per client family, in one run.
// Run: npm run bench:render
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/platform/config/app-config';
import { resolveChromiumPath } from '../src/rendering/engine/chromium/chromium-path';
import { Renderer, viewportOf } from '../src/rendering/render';
import { LIBRARY_ALONE, rendererOptions } from '../src/domain/renderer/renderer-options';
import { clientCatalog } from '../src/rendering/catalog/client-catalog';
import type { RenderImage } from '../src/rendering/model/email-content';
import { solidPng } from '../test/support/image-server';
import { prepareHtml } from '../src/rendering/prepare/prepare-html';
import { marketingEmail } from '../test/support/marketing-email';
import { bareGecko, bareWebKit } from './lib/bare-engines';
import { cpuOfTree } from './lib/cpu';
import { peakEngineMemoryMb } from './lib/engine-memory';
import { machineBusySeconds } from './lib/machine-cpu';
import { mjmlTwoColumnEmail } from './lib/mjml-email';
import { ms, printTable, summarize } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PROFILES = [
  { label: 'Chromium desktop (OL2019, 800 px)', client: 'OL2019', email: 'marketing' },
  { label: 'Chromium 3x (ANDROIDGMAILAPP, 360 px)', client: 'ANDROIDGMAILAPP', email: 'marketing' },
  { label: 'WebKit desktop (APPMAIL15, 900 px)', client: 'APPMAIL15', email: 'marketing' },
  { label: 'WebKit 3x (IPHONE13, 390 px)', client: 'IPHONE13', email: 'marketing' },
  {
    label: 'Gecko desktop (THUNDERBIRDLATEST, 800 px)',
    client: 'THUNDERBIRDLATEST',
    email: 'marketing',
  },
  { label: 'Word engine (OL2019, MJML + VML button)', client: 'OL2019', email: 'mjml' },
] as const;

/** The engine that draws a client here, at its fastest: same HTML, same images. */
function bareCaptures(html: string, images: RenderImage[], client: string): Promise<number[]> {
  const engine = clientCatalog.find(client)!.engine;
  if (engine === 'webkit') return bareWebKit(html, images, client, RUNS);
  if (engine === 'gecko') return bareGecko(html, images, client, RUNS);
  return bareScreenshots(html, images, client);
}
const PREPARE_CLIENTS = [
  'OL2019',
  'OL2013DPI120',
  'GMAILNEW',
  'OUTLOOKCOM',
  'YAHOO',
  'IPHONE13',
  'APPMAIL15DARK',
];
const config = loadConfig(process.env);

type Email = { html: string; text: null; images: RenderImage[] };

async function emailWithImages(
  kind: 'marketing' | 'mjml' = 'marketing',
  kilobytes = 40,
): Promise<Email> {
  const images: RenderImage[] = [];
  for (let i = 0; i < 10; i++) {
    images.push({
      url: `https://img.example/${i}.png`,
      contentType: 'image/png',
      data: await solidPng(560, 280, [(i * 40) % 255, 120, 200]),
    });
  }
  const imageUrl = (i: number) => `https://img.example/${i % 10}.png`;
  const html =
    kind === 'mjml'
      ? await mjmlTwoColumnEmail(kilobytes, imageUrl)
      : marketingEmail(kilobytes, imageUrl);
  return { html, text: null, images };
}

/** Emulation alone (no browser): prepare time of a ~100 KB email per client family. */
async function prepareTimes() {
  const rows = [];
  for (const kind of ['marketing', 'mjml'] as const) {
    const email = await emailWithImages(kind, 100);
    for (const client of PREPARE_CLIENTS) {
      const profile = clientCatalog.find(client)!;
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const started = performance.now();
        prepareHtml(email, profile, { images: 'allowed', orientation: 'vertical' });
        if (i >= 5) samples.push(performance.now() - started);
      }
      const stats = summarize(samples);
      rows.push({
        email: `${kind} ${Math.round(email.html.length / 1024)} KB`,
        client,
        'prepare p50 ms': ms(stats.p50),
        'prepare p95 ms': ms(stats.p95),
      });
    }
  }
  printTable(`Emulation cost: prepareHtml, ${RUNS} runs each (target p50 < 30 ms)`, rows);
}

async function bareScreenshots(
  html: string,
  images: RenderImage[],
  client: string,
  cpu?: (cost: CpuCost) => void,
): Promise<number[]> {
  const profile = clientCatalog.find(client)!;
  const browser = await chromium.launch({
    executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const byUrl = new Map(images.map((image) => [image.url, image]));
  const samples: number[] = [];
  const measure = cpuMeter();
  try {
    for (let i = 0; i < RUNS + 2; i++) {
      if (i === 2) measure.start();
      const started = performance.now();
      const context = await browser.newContext({
        viewport: viewportOf(profile, 'vertical'),
        deviceScaleFactor: profile.device_scale_factor,
        javaScriptEnabled: false,
      });
      await context.route('**/*', (route) => {
        const image = byUrl.get(route.request().url());
        return image
          ? route.fulfill({ body: image.data, contentType: image.contentType })
          : route.abort();
      });
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      await page.screenshot({ fullPage: true, type: 'png' });
      await context.close();
      if (i >= 2) samples.push(performance.now() - started);
    }
    cpu?.(measure.perRun(RUNS));
  } finally {
    await browser.close();
  }
  return samples;
}

interface CpuCost {
  /** CPU-seconds of this process and everything below it (its engines), per capture. */
  tree: number;
  /** The machine's busy CPU-seconds (/proc/stat) over the same runs, per capture. */
  machine: number;
}

/** CPU of this process's tree and of the machine, between start() and perRun(). */
function cpuMeter() {
  const treeNow = () => Object.values(cpuOfTree(process.pid)).reduce((a, b) => a + b, 0);
  let tree = 0;
  let machine = 0;
  return {
    start() {
      tree = treeNow();
      machine = machineBusySeconds();
    },
    perRun(runs: number): CpuCost {
      return { tree: (treeNow() - tree) / runs, machine: (machineBusySeconds() - machine) / runs };
    },
  };
}

/**
 * CPU per capture: the library (prepare, engine, encode, thumbnails) beside Blink drawing the
 * same HTML at the same viewport and scale with nothing else (bare Playwright), one at a time.
 */
async function cpuPerCapture(emails: Record<'marketing' | 'mjml', Email>) {
  const rows = [];
  const renderer = libraryAlone(1);
  try {
    for (const { label, client, email: kind } of PROFILES) {
      const email = emails[kind];
      await ourCaptures(renderer, email, client, { runs: 0 }); // warm
      const measure = cpuMeter();
      measure.start();
      await ourCaptures(renderer, email, client, { warmUps: 0 });
      const ours = measure.perRun(RUNS);
      let blink: CpuCost = { tree: NaN, machine: NaN };
      await bareScreenshots(email.html, email.images, client, (cost) => (blink = cost));
      rows.push({
        profile: label,
        'ours CPU s/capture (tree)': ours.tree.toFixed(3),
        'ours machine s/capture': ours.machine.toFixed(3),
        'bare Blink, same viewport (tree)': blink.tree.toFixed(3),
        'bare Blink machine': blink.machine.toFixed(3),
        'ours / bare Blink (tree)': (ours.tree / blink.tree).toFixed(2),
      });
    }
  } finally {
    await renderer.close();
  }
  printTable(
    `CPU per capture, ${RUNS} captures each, one at a time, beside bare Blink at the same viewport and scale (target for WebKit and Gecko: <= 2x)`,
    rows,
  );
}

/**
 * First captures of each engine's usual client, a fresh context each time: warm (the engines
 * up, the clients in turn) and the first capture after a start (a new renderer each time:
 * started as the service starts it, ENGINE_WARM_UP, then asked; and, for comparison, asked at
 * once with nothing started).
 */
async function firstCaptures(email: Email) {
  const CLIENTS = ['GMAILNEW', 'APPMAIL15', 'THUNDERBIRDLATEST'];
  const STARTS = Number(process.env.BENCH_STARTS ?? 5);
  const once = async (renderer: Renderer, client: string) => {
    const started = performance.now();
    await renderer.render(email, client, { images: 'allowed', orientation: 'vertical' });
    return performance.now() - started;
  };
  const warm = new Map<string, number[]>(CLIENTS.map((client) => [client, []]));
  const renderer = libraryAlone(1);
  try {
    await renderer.start();
    for (const client of CLIENTS) await once(renderer, client);
    for (let i = 0; i < RUNS; i++)
      for (const client of CLIENTS) warm.get(client)!.push(await once(renderer, client));
  } finally {
    await renderer.close();
  }
  const afterStart = async (client: string, warmUp: boolean) => {
    const samples: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const fresh = libraryAlone(1);
      try {
        if (warmUp) await fresh.start();
        samples.push(await once(fresh, client));
      } finally {
        await fresh.close();
      }
    }
    return summarize(samples);
  };
  const gmail = summarize(warm.get('GMAILNEW')!);
  const rows = [];
  for (const client of CLIENTS) {
    const hot = summarize(warm.get(client)!);
    const started = await afterStart(client, true);
    const lazy = await afterStart(client, false);
    rows.push({
      client,
      'warm p50 ms': ms(hot.p50),
      'warm p95 ms': ms(hot.p95),
      'warm / GMAILNEW warm (p50)': (hot.p50 / gmail.p50).toFixed(2),
      'first after start, warmed up, p50 ms': ms(started.p50),
      'first after start / warm (p50)': (started.p50 / hot.p50).toFixed(2),
      'first, nothing started, p50 ms': ms(lazy.p50),
    });
  }
  printTable(
    `First captures (a fresh context each), ${RUNS} warm in turn, ${STARTS} after start (targets: APPMAIL15 warm <= 1.5x GMAILNEW; first after start <= 1.5x warm)`,
    rows,
  );
}

/**
 * The library with the service's default of keeping a fresh context (Chromium, Gecko) or
 * session (WebKit) open ahead of the next capture, and none of its other extras.
 */
function libraryAlone(concurrency: number): Renderer {
  return new Renderer(
    rendererOptions(config, {
      ...LIBRARY_ALONE,
      warmContexts: true,
      concurrency,
      recycleAfter: 1000,
      timeoutMs: 60000,
    }),
  );
}

/** `runs` captures after `warmUps` unmeasured ones: their latencies. */
async function ourCaptures(
  renderer: Renderer,
  email: Email,
  client: string,
  { runs = RUNS, warmUps = 2 } = {},
) {
  const samples: number[] = [];
  for (let i = 0; i < warmUps + runs; i++) {
    const started = performance.now();
    await renderer.render(email, client, { images: 'allowed', orientation: 'vertical' });
    if (i >= warmUps) samples.push(performance.now() - started);
  }
  return samples;
}

async function throughput(email: Email, client: string, concurrency: number) {
  const renderer = libraryAlone(concurrency);
  try {
    await renderer.render(email, client, { images: 'allowed', orientation: 'vertical' });
    const total = RUNS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: total }, () =>
        renderer.render(email, client, { images: 'allowed', orientation: 'vertical' }),
      ),
    );
    return total / ((performance.now() - started) / 1000);
  } finally {
    await renderer.close();
  }
}

async function main() {
  const emails = {
    marketing: await emailWithImages('marketing'),
    mjml: await emailWithImages('mjml'),
  };
  // BENCH_PARTS=cpu: the CPU table alone.
  if (process.env.BENCH_PARTS === 'cpu') return cpuPerCapture(emails);
  // BENCH_PARTS=first: the first-capture table alone.
  if (process.env.BENCH_PARTS === 'first') return firstCaptures(emails.marketing);
  await prepareTimes();
  const email = emails.marketing;
  await cpuPerCapture(emails);
  await firstCaptures(emails.marketing);
  const renderer = libraryAlone(1);
  const rows = [];
  try {
    for (const { label, client, email: kind } of PROFILES) {
      const ours = summarize(await ourCaptures(renderer, emails[kind], client));
      const bare = summarize(await bareCaptures(emails[kind].html, emails[kind].images, client));
      rows.push({
        profile: label,
        'ours p50 ms': ms(ours.p50),
        'ours p95 ms': ms(ours.p95),
        'bare engine p50 ms': ms(bare.p50),
        'bare p95 ms': ms(bare.p95),
        'ratio ours/bare (p50)': (ours.p50 / bare.p50).toFixed(2),
      });
    }
  } finally {
    await renderer.close();
  }
  printTable(
    `First capture (a fresh email each time) of a ${Math.round(email.html.length / 1024)} KB email (MJML: ${Math.round(emails.mjml.html.length / 1024)} KB) with 10 images, ${RUNS} runs each, one at a time, beside the bare engine (targets: ratio <= 1.2 for WebKit and Gecko)`,
    rows,
  );
  const tput = [];
  for (const { label, client, email: kind } of PROFILES) {
    const engine = clientCatalog.find(client)!.engine;
    const one = await throughput(emails[kind], client, 1);
    let two = 0;
    const peakMb = await peakEngineMemoryMb(engine, async () => {
      two = await throughput(emails[kind], client, 2);
    });
    tput.push({
      profile: label,
      'captures/s, 1 at a time': one.toFixed(2),
      'captures/s, 2 at a time': two.toFixed(2),
      'engine peak PSS MB (2 at a time)': String(peakMb),
    });
  }
  printTable('Throughput and peak memory per engine (full + thumb450 + thumb per capture)', tput);
  console.log('\nTargets: desktop p50 <= 1000 ms, iPhone at 3x p50 <= 2500 ms, ratio <= 1.5');
}

void main();
