// Capture latency per profile class and throughput, beside a bare Playwright full-page
// screenshot of the same HTML, in one run. Run: npm run bench:render
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/config/app-config';
import { resolveChromiumPath } from '../src/rendering/engine/chromium-path';
import { Renderer, viewportOf } from '../src/rendering/render';
import { clientCatalog } from '../src/rendering/catalog/client-catalog';
import type { RenderImage } from '../src/rendering/transforms/images';
import { solidPng } from '../test/support/image-server';
import { marketingEmail } from './lib/email-html';
import { ms, printTable, summarize } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PROFILES = [
  { label: 'desktop (OL2019, 800 px)', client: 'OL2019' },
  { label: 'desktop (APPMAIL15, 900 px)', client: 'APPMAIL15' },
  { label: 'iPhone 13 (390 px at 3x)', client: 'IPHONE13' },
];
const config = loadConfig(process.env);

async function emailWithImages() {
  const images: RenderImage[] = [];
  for (let i = 0; i < 10; i++) {
    images.push({
      url: `https://img.example/${i}.png`,
      contentType: 'image/png',
      data: await solidPng(560, 280, [(i * 40) % 255, 120, 200]),
    });
  }
  return {
    html: marketingEmail(40, (i) => `https://img.example/${i % 10}.png`),
    text: null,
    images,
  };
}

async function bareScreenshots(
  html: string,
  images: RenderImage[],
  client: string,
): Promise<number[]> {
  const profile = clientCatalog.find(client)!;
  const browser = await chromium.launch({
    executablePath: resolveChromiumPath(config.chromiumPath),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const byUrl = new Map(images.map((image) => [image.url, image]));
  const samples: number[] = [];
  try {
    for (let i = 0; i < RUNS + 2; i++) {
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
  } finally {
    await browser.close();
  }
  return samples;
}

async function ourCaptures(
  renderer: Renderer,
  email: Awaited<ReturnType<typeof emailWithImages>>,
  client: string,
) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    await renderer.render(email, client, { images: 'allowed', orientation: 'vertical' });
    if (i >= 2) samples.push(performance.now() - started);
  }
  return samples;
}

async function throughput(
  email: Awaited<ReturnType<typeof emailWithImages>>,
  client: string,
  concurrency: number,
) {
  const renderer = new Renderer({
    executablePath: config.chromiumPath,
    concurrency,
    recycleAfter: 1000,
    timeoutMs: 60000,
  });
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
  const email = await emailWithImages();
  const renderer = new Renderer({
    executablePath: config.chromiumPath,
    concurrency: 1,
    recycleAfter: 1000,
    timeoutMs: 60000,
  });
  const rows = [];
  try {
    for (const { label, client } of PROFILES) {
      const ours = summarize(await ourCaptures(renderer, email, client));
      const bare = summarize(await bareScreenshots(email.html, email.images, client));
      rows.push({
        profile: label,
        'ours p50 ms': ms(ours.p50),
        'ours p95 ms': ms(ours.p95),
        'bare Playwright p50 ms': ms(bare.p50),
        'bare p95 ms': ms(bare.p95),
        'ratio ours/bare (p50)': (ours.p50 / bare.p50).toFixed(2),
      });
    }
  } finally {
    await renderer.close();
  }
  printTable(
    `Capture of a ${Math.round(email.html.length / 1024)} KB email with 10 images, ${RUNS} runs each, one at a time`,
    rows,
  );
  const tput = [];
  for (const { label, client } of PROFILES) {
    tput.push({
      profile: label,
      'captures/s, CAPTURE_CONCURRENCY=1': (await throughput(email, client, 1)).toFixed(2),
      'captures/s, CAPTURE_CONCURRENCY=2': (await throughput(email, client, 2)).toFixed(2),
    });
  }
  printTable('Throughput (full + thumb450 + thumb per capture)', tput);
  console.log('\nTargets: desktop p50 <= 1000 ms, iPhone at 3x p50 <= 2500 ms, ratio <= 1.5');
}

void main();
