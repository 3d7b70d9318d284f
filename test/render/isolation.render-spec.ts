import { execFileSync } from 'node:child_process';
import { BrowserCrashedError } from '../../src/rendering/engine/render-errors';
import type { Renderer } from '../../src/rendering/render';
import { ImageServer, startImageServer } from '../support/image-server';
import { isRed, readPixels } from '../support/pixels';
import { reachingEmail, SCRIPTED_EMAIL } from '../support/isolation-emails';
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

describe('hostile email isolation (Chromium; engines.render-spec.ts: WebKit and Gecko)', () => {
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
    const email = SCRIPTED_EMAIL;
    const pixels = await readPixels(
      (await renderer.render({ html: email, text: null, images: [] }, 'NOTES10', DEFAULT)).full,
    );
    expect(pixels.count(isRed)).toBe(0);
  });

  it('makes no request to a server the email references', async () => {
    server.requests.length = 0;
    const base = server.url;
    const email = reachingEmail(base);
    const result = await renderer.render(
      { html: email, text: null, images: [] },
      'NOTES10',
      DEFAULT,
    );
    expect(server.requests).toEqual([]);
    expect(result.blockedRequests.length).toBeGreaterThan(0);
    expect(result.blockedRequests.some((url) => url.startsWith(base))).toBe(true);
  });

  it('gives every capture a fresh context: nothing carries over', async () => {
    const first = `<html><body><div style="height:100px;background:#ff0000">a</div></body></html>`;
    await renderer.render({ html: first, text: null, images: [] }, 'NOTES10', DEFAULT);
    const second = await renderer.render(
      { html: '<p>b</p>', text: null, images: [] },
      'NOTES10',
      DEFAULT,
    );
    expect((await readPixels(second.full)).count(isRed)).toBe(0);
  });

  it('lets the clients of one email take turns in a context, and never lets two emails share one', async () => {
    // Contexts opened ahead of demand too: whichever email takes one, it is that email's only.
    const reusing = testRenderer({ concurrency: 2, contextIdleMs: 5000, warmContexts: true });
    const clients = ['OL2019', 'GMAILNEW', 'OUTLOOKCOM', 'APPMAIL14DARK', 'APPMAIL15', 'OL365DARK'];
    const render = async (email: string, client: string) => {
      const result = await reusing.render(
        { html: `<p>${email}</p>`, text: null, images: [] },
        client,
        DEFAULT,
        email,
      );
      return { email, marker: result.contextMarker };
    };
    try {
      const results: { email: string; marker: string }[] = [];
      // One after another, the emails alternating: each capture follows the other email's.
      for (const client of clients) {
        for (const email of ['email-a', 'email-b']) results.push(await render(email, client));
      }
      // Then all at once.
      const burst = clients.flatMap((client) =>
        ['email-a', 'email-b'].map((email) => render(email, client)),
      );
      results.push(...(await Promise.all(burst)));
      const emailsByMarker = new Map<string, Set<string>>();
      for (const { email, marker } of results) {
        expect(marker).toMatch(/^[0-9a-f-]{36}$/);
        emailsByMarker.set(marker, (emailsByMarker.get(marker) ?? new Set()).add(email));
      }
      for (const emails of emailsByMarker.values()) expect(emails.size).toBe(1);
      // Taking turns: fewer contexts than renders.
      expect(emailsByMarker.size).toBeLessThan(results.length);
    } finally {
      await reusing.close();
    }
  });

  it('renders in a kept context exactly what a fresh context renders', async () => {
    const reusing = testRenderer({ concurrency: 1, contextIdleMs: 5000 });
    const html = `<html><head><style>
      body { margin: 0; background: #fff; }
      @media (prefers-color-scheme: dark) { body { background: #123; color: #eee; } }
      @media (max-width: 850px) { .w { background: #0a0; } }
      </style></head><body><div class="w" style="height:300px;width:2000px">wide</div>
      ${'<p>line</p>'.repeat(80)}</body></html>`;
    const email = { html, text: null, images: [] };
    try {
      const markers = new Set<string>();
      for (const client of ['CHROMEOUTLOOKCOMDARK', 'OL2019', 'CHROMEOUTLOOKCOMDARK', 'OL2019']) {
        const kept = await reusing.render(email, client, DEFAULT, 'one-email');
        const fresh = await renderer.render(email, client, DEFAULT);
        markers.add(kept.contextMarker);
        expect([client, kept.full.equals(fresh.full)]).toEqual([client, true]);
      }
      expect(markers.size).toBe(1);
    } finally {
      await reusing.close();
    }
  });

  it('fails the capture in flight when the browser dies, then relaunches', async () => {
    const heavy = `<html><body>${'<p style="margin:0">line</p>'.repeat(20000)}</body></html>`;
    const inFlight = renderer.render(
      { html: heavy, text: null, images: [] },
      'ANDROIDGMAILAPP',
      DEFAULT,
    );
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
      'NOTES10',
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
