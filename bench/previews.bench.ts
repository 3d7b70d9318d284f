// Cached preview GETs (repeat requests) and first captures end to end through HTTP (back to
// back, and with pauses), beside the render library alone and the bare engine, in one run.
// Run: npm run build && npm run bench:previews
import autocannon from 'autocannon';
import { loadConfig } from '../src/platform/config/app-config';
import { Renderer } from '../src/rendering/render';
import { LIBRARY_ALONE, rendererOptions } from '../src/domain/renderer/renderer-options';
import { marketingEmail } from '../test/support/marketing-email';
import { bareEngineCaptures } from './lib/bare-engine';
import { startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

const CAPTURES = Number(process.env.BENCH_RUNS ?? 15);
const CACHED_SEQUENTIAL = 1000;
/** The pause between first captures that are not back to back. */
const PAUSE_MS = 1000;

async function main() {
  const server = await startServer(3913);
  const html = marketingEmail(40);
  const headers = {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`,
  };
  const newEmail = async () => {
    const response = await fetch(`${server.url}/v1/emails`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ html_text: html }),
    });
    return ((await response.json()) as { email_guid: string }).email_guid;
  };
  try {
    // First captures through HTTP, one at a time: back to back, then with a pause between.
    const firstCaptures = async (pauseMs: number) => {
      const samples: number[] = [];
      for (let i = 0; i < CAPTURES + 2; i++) {
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const guid = await newEmail();
        const started = performance.now();
        const response = await fetch(`${server.url}/v1/emails/${guid}/previews/OL2019`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`first capture answered ${response.status}`);
        if (i >= 2) samples.push(performance.now() - started);
      }
      return samples;
    };
    const http = await firstCaptures(0);
    const paused = await firstCaptures(PAUSE_MS);
    // Cached repeat GETs: one at a time for latency, then under load for throughput.
    const guid = await newEmail();
    const path = `/v1/emails/${guid}/previews/OL2019`;
    await fetch(`${server.url}${path}`);
    const cached: number[] = [];
    for (let i = 0; i < CACHED_SEQUENTIAL; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status !== 301) throw new Error(`repeat GET answered ${response.status}`);
      cached.push(performance.now() - started);
    }
    const load = await autocannon({ url: `${server.url}${path}`, connections: 10, duration: 10 });
    const library = await renderAlone(html);
    const bare = summarize(await bareEngineCaptures(html, 'OL2019', CAPTURES));
    const pausedStats = summarize(paused);
    const httpStats = summarize(http);
    const libStats = summarize(library);
    const cachedStats = summarize(cached);
    printTable('Cached preview GET (301 to the cached JSON), OL2019', [
      {
        'p50 ms (1 at a time)': ms(cachedStats.p50),
        'p95 ms (1 at a time)': ms(cachedStats.p95),
        'req/s (10 connections)': load.requests.average.toFixed(0),
        'p50 ms under load': ms(load.latency.p50),
        'non-301 answers':
          load.errors + load['3xx'] === 0
            ? 'n/a'
            : String(load.errors + (load.requests.total - load['3xx'])),
      },
    ]);
    const row = (path: string, stats: { p50: number; p95: number }) => ({
      path,
      'p50 ms': ms(stats.p50),
      'p95 ms': ms(stats.p95),
      'p50 / bare engine': (stats.p50 / bare.p50).toFixed(2),
    });
    printTable(`First capture of a 40 KB email in OL2019, ${CAPTURES} runs`, [
      row('HTTP GET, back to back (server process)', httpStats),
      row(`HTTP GET, ${PAUSE_MS} ms pause between`, pausedStats),
      row('render library alone, back to back', libStats),
      row('bare engine (Chromium, fast PNG path)', bare),
      {
        path: 'HTTP overhead (p50, back to back)',
        'p50 ms': ms(httpStats.p50 - libStats.p50),
        'p95 ms': `${(((httpStats.p50 - libStats.p50) / libStats.p50) * 100).toFixed(1)} %`,
        'p50 / bare engine': '',
      },
    ]);
    console.log(
      '\nTargets: cached p50 < 5 ms and >= 2000 req/s; HTTP overhead < 10 %; first captures back to back within 1.15x of the bare engine',
    );
  } finally {
    await server.stop();
  }
}

async function renderAlone(html: string): Promise<number[]> {
  const renderer = new Renderer(
    rendererOptions(loadConfig(process.env), {
      ...LIBRARY_ALONE,
      concurrency: 1,
      recycleAfter: 1000,
      timeoutMs: 60000,
    }),
  );
  const samples: number[] = [];
  try {
    for (let i = 0; i < CAPTURES + 2; i++) {
      const started = performance.now();
      await renderer.render({ html, text: null, images: [] }, 'OL2019', {
        images: 'allowed',
        orientation: 'vertical',
      });
      if (i >= 2) samples.push(performance.now() - started);
    }
  } finally {
    await renderer.close();
  }
  return samples;
}

void main();
