import { marketingEmail } from '../../test/support/marketing-email';
import { startImageServer } from '../../test/support/image-server';
import { startResourceServer } from '../../test/support/resource-server';
import type { RunningServer } from './server';
import { ms, summarize } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 120);
const FIRST_CAPTURES = 15;

/** A 40 KB email with 10 remote images; `withResources` adds 2 stylesheets and 3 font files. */
function email(images: string, resources: string, withResources: boolean): string {
  const imgs = Array.from({ length: 10 }, (_, i) => `<img src="${images}/red.png?${i}" alt="">`);
  const head = withResources
    ? `<link rel="stylesheet" href="${resources}/fonts.css"><link rel="stylesheet" href="${resources}/rule.css">
      <style>@font-face { font-family: 'Two'; src: url('${resources}/probe.ttf?two'); }
      @font-face { font-family: 'Three'; src: url('${resources}/probe.ttf?three'); }
      body { font-family: 'Two', 'Three', Arial, sans-serif; }</style>`
    : '';
  return marketingEmail(40)
    .replace('<head>', `<head>${head}`)
    .replace('</body>', `${imgs.join('')}</body>`);
}

/**
 * POST time and first APPMAIL15 capture of the same 40 KB email with images only and with
 * its stylesheets and fonts too, interleaved so that both see the same machine.
 */
export async function resourceRows(server: RunningServer): Promise<Record<string, string>[]> {
  const images = await startImageServer();
  const resources = await startResourceServer();
  const headers = {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`,
  };
  const post = async (html: string) => {
    const start = performance.now();
    const response = await fetch(`${server.url}/v1/emails`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ html_text: html }),
    });
    const body = (await response.json()) as { email_guid: string };
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    return { ms: performance.now() - start, guid: body.email_guid };
  };
  const capture = async (guid: string) => {
    const start = performance.now();
    const response = await fetch(`${server.url}/v1/emails/${guid}/previews/APPMAIL15`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`capture status ${response.status}`);
    return performance.now() - start;
  };
  try {
    const plain = email(images.url, resources.url, false);
    const rich = email(images.url, resources.url, true);
    const posts = { plain: [] as number[], rich: [] as number[] };
    const firsts = { plain: [] as number[], rich: [] as number[] };
    for (let i = 0; i < 5; i++) await post(rich);
    for (let i = 0; i < RUNS; i++) {
      posts.plain.push((await post(plain)).ms);
      posts.rich.push((await post(rich)).ms);
    }
    for (let i = 0; i < FIRST_CAPTURES; i++) {
      firsts.plain.push(await capture((await post(plain)).guid));
      firsts.rich.push(await capture((await post(rich)).guid));
    }
    const row = (what: string, plainMs: number[], richMs: number[], target: string) => {
      const a = summarize(plainMs);
      const b = summarize(richMs);
      return {
        what,
        'images only p50': ms(a.p50),
        'images only p95': ms(a.p95),
        '+ 2 stylesheets, 3 fonts p50': ms(b.p50),
        '+ 2 stylesheets, 3 fonts p95': ms(b.p95),
        'ratio p50': (b.p50 / a.p50).toFixed(2),
        target,
      };
    };
    return [
      row(`POST /v1/emails (${RUNS} each)`, posts.plain, posts.rich, '< 1.3'),
      row(`first APPMAIL15 capture (${FIRST_CAPTURES} each)`, firsts.plain, firsts.rich, '< 1.1'),
    ];
  } finally {
    await images.close();
    await resources.close();
  }
}
