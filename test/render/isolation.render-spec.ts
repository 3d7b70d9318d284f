import { execFileSync } from 'node:child_process';
import { BrowserCrashedError } from '../../src/rendering/engine/browser-pool';
import type { Renderer } from '../../src/rendering/render';
import { ImageServer, startImageServer } from '../support/image-server';
import { isRed, readPixels } from '../support/pixels';
import { testRenderer } from '../support/renderer';

const DEFAULT = { images: 'allowed', orientation: 'vertical' } as const;

/** Chromium processes started by this test process. */
function chromiumChildren(): number[] {
  const out = execFileSync('ps', ['-eo', 'pid,ppid,comm'], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/));
  const children = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (children.has(Number(ppid)) && !children.has(Number(pid))) {
        children.add(Number(pid));
        grew = true;
      }
    }
  }
  return rows
    .filter(([pid, , comm]) => children.has(Number(pid)) && /chrom/.test(comm))
    .map(([pid]) => Number(pid));
}

describe('hostile email isolation', () => {
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

  it("never runs the email's script", async () => {
    const email = `<html><body><div id="t" style="height:200px">safe</div>
      <script>document.body.style.background = '#ff0000'; document.getElementById('t').style.background = '#ff0000';</script>
      <img src="x" onerror="document.body.style.background='#ff0000'"></body></html>`;
    const pixels = await readPixels(
      (await renderer.render({ html: email, text: null, images: [] }, 'APPMAIL15', DEFAULT)).full,
    );
    expect(pixels.count(isRed)).toBe(0);
  });

  it('makes no request to a server the email references', async () => {
    server.requests.length = 0;
    const base = server.url;
    const email = `<html><head><link rel="stylesheet" href="${base}/style.css">
      <style>@import url(${base}/import.css); .bg { background: url(${base}/red.png) }</style></head>
      <body class="bg"><img src="${base}/red.png"><iframe src="${base}/frame"></iframe>
      <video poster="${base}/poster.png"></video><object data="${base}/obj"></object>
      <table background="${base}/red.png"><tr><td>x</td></tr></table></body></html>`;
    const result = await renderer.render(
      { html: email, text: null, images: [] },
      'APPMAIL15',
      DEFAULT,
    );
    expect(server.requests).toEqual([]);
    expect(result.blockedRequests.length).toBeGreaterThan(0);
    expect(result.blockedRequests.some((url) => url.startsWith(base))).toBe(true);
  });

  it('gives every capture a fresh context: nothing carries over', async () => {
    const first = `<html><body><div style="height:100px;background:#ff0000">a</div></body></html>`;
    await renderer.render({ html: first, text: null, images: [] }, 'APPMAIL15', DEFAULT);
    const second = await renderer.render(
      { html: '<p>b</p>', text: null, images: [] },
      'APPMAIL15',
      DEFAULT,
    );
    expect((await readPixels(second.full)).count(isRed)).toBe(0);
  });

  it('fails the capture in flight when the browser dies, then relaunches', async () => {
    const heavy = `<html><body>${'<p style="margin:0">line</p>'.repeat(20000)}</body></html>`;
    const inFlight = renderer.render({ html: heavy, text: null, images: [] }, 'IPHONE13', DEFAULT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pids = chromiumChildren();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await expect(inFlight).rejects.toBeInstanceOf(BrowserCrashedError);
    const after = await renderer.render(
      { html: '<p>after</p>', text: null, images: [] },
      'APPMAIL15',
      DEFAULT,
    );
    expect(after.full.length).toBeGreaterThan(0);
  });

  it('recycles the browser after N captures without failing any', async () => {
    const recycling = testRenderer({ recycleAfter: 2, concurrency: 2 });
    try {
      const renders = Array.from({ length: 5 }, (_, i) =>
        recycling.render({ html: `<p>${i}</p>`, text: null, images: [] }, 'OL2019', DEFAULT),
      );
      const results = await Promise.all(renders);
      expect(results.every((result) => result.full.length > 0)).toBe(true);
    } finally {
      await recycling.close();
    }
  });
});
