// Hostile requests and everybody else's, on the built service (npm run build first), embedded
// defaults, DNS answered by a server on loopback. Each case runs while /health/live is asked every
// 100 ms; printed: the hostile answer's status and time, and the longest any health answer waited
// counted from when it was due (a stall of the event loop between two asks counts too).
// 1. GET deliverability of a 2 MB message carrying 1,000 DKIM signatures of distinct l= and selectors.
// 2. Six parallel GETs of an inbox view, already drawn, of an 8 MB email (390 nested divs, 49,000 spans).
// 3. spamd: four GETs of 0.86 MB messages of 450 short parts from one account, then another
//    account's 1 KB message: how long that one waits.
// Before and after a change: BENCH_SERVICE_ROOT=<another checkout, built> runs that one's service.
// Run: npm run build && npm run bench:hostile-requests
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startDnsServer } from '../test/support/dns-server';
import { createApplication, RunningServer, startServer } from './lib/server';
import { printTable } from './lib/stats';

const headers = (extra: string[]) =>
  [
    ...extra,
    'From: "Acme" <news@acme.test>',
    'To: sam@example.com',
    'Subject: Hostile',
    'Date: Thu, 26 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
  ].join('\r\n');

async function post(server: RunningServer, key: string, body: object): Promise<string> {
  const response = await fetch(`${server.url}/v1/emails`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`POST ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { email_guid: string }).email_guid;
}

/** Runs `work` while health is asked; the work's result and the longest health wait. */
async function whileAsked<T>(server: RunningServer, work: () => Promise<T>) {
  let done = false;
  let worst = 0;
  const asking = (async () => {
    let last = performance.now();
    while (!done) {
      await sleep(100);
      const due = last + 100;
      await fetch(`${server.url}/health/live`).then((r) => r.arrayBuffer());
      last = performance.now();
      worst = Math.max(worst, last - due);
    }
  })();
  const started = performance.now();
  try {
    return { result: await work(), ms: performance.now() - started, worst: () => worst };
  } finally {
    done = true;
    await asking;
  }
}

async function main(): Promise<void> {
  const dns = await startDnsServer({ '_dmarc.acme.test': [['v=DMARC1; p=none']] });
  const server = await startServer(3311, { DNS_SERVERS: dns.server, ENGINE_WARM_UP: 'false' });
  const rows: Record<string, string | number>[] = [];
  try {
    const other = createApplication(server, 'other');
    const get = (path: string) =>
      fetch(`${server.url}${path}`).then(async (r) => ({ status: r.status, body: await r.text() }));

    const signatures = Array.from(
      { length: 1000 },
      (_, n) =>
        `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=acme.test; s=sel${n}; l=${1000 + n}; h=from:subject;\r\n\tbh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA`,
    );
    const body = `${'All the news that fits, and then some more of it. '.repeat(40)}\r\n`.repeat(
      1000,
    );
    const flood = await post(server, server.apiKey, {
      raw_source: `${headers(signatures)}\r\nContent-Type: text/plain\r\n\r\n${body}`,
    });
    const dkim = await whileAsked(server, () => get(`/v1/emails/${flood}/deliverability`));
    rows.push({
      case: '1,000 DKIM signatures, 2 MB',
      status: dkim.result.status,
      'answer ms': Math.round(dkim.ms),
      'worst health ms': Math.round(dkim.worst()),
    });

    const spans = `<span>Latest news, ${'and more of it '.repeat(10)}</span>`.repeat(49_000);
    const big = await post(server, server.apiKey, {
      html_text: `<html><body>${'<div>'.repeat(390)}<p>First words</p>${spans}${'</div>'.repeat(390)}</body></html>`,
      subject: 'Big',
      from_address: 'a@acme.test',
    });
    await get(`/v1/emails/${big}/inbox/GMAILNEW`);
    const views = await whileAsked(server, () =>
      Promise.all(Array.from({ length: 6 }, () => get(`/v1/emails/${big}/inbox/GMAILNEW`))),
    );
    rows.push({
      case: '6 GETs of a drawn inbox view, 8 MB email',
      status: views.result.map((r) => r.status).join(','),
      'answer ms': Math.round(views.ms),
      'worst health ms': Math.round(views.worst()),
    });

    const warm = await post(server, other, {
      raw_source: `${headers([])}\r\nContent-Type: text/plain\r\n\r\nWarm.\r\n`,
    });
    await get(`/v1/emails/${warm}/deliverability`);
    const parts = `Content-Type: multipart/mixed; boundary="b"\r\n\r\n${`--b\r\nContent-Type: text/plain\r\n\r\n${'Offer of the week. '.repeat(95)}\r\n`.repeat(450)}--b--\r\n`;
    const busy = await Promise.all(
      [1, 2, 3, 4].map(() =>
        post(server, server.apiKey, { raw_source: `${headers([])}\r\n${parts}` }),
      ),
    );
    const small = await post(server, other, {
      raw_source: `${headers([])}\r\nContent-Type: text/plain\r\n\r\nHello Sam.\r\n`,
    });
    const scans = busy.map((guid) => get(`/v1/emails/${guid}/deliverability`));
    await sleep(100);
    const fair = await whileAsked(server, () => get(`/v1/emails/${small}/deliverability`));
    const busyDone = await Promise.all(scans);
    rows.push({
      case: "another account's 1 KB message, 4 big ones waiting",
      status: fair.result.status,
      'answer ms': Math.round(fair.ms),
      'worst health ms': Math.round(fair.worst()),
    });
    rows.push({
      case: '(the four 0.86 MB messages of 450 parts)',
      status: busyDone.map((r) => r.status).join(','),
      'answer ms': '',
      'worst health ms': '',
    });
  } finally {
    await server.stop();
    await dns.close();
  }
  printTable(`hostile requests (${process.env.BENCH_SERVICE_ROOT ?? 'this checkout'})`, rows);
}

void main();
