// Deliverability and inbox views, on the built service (npm run build first), embedded defaults,
// DNS answered by a server on loopback (DNS_SERVERS):
// 1. GET /v1/emails/<guid>/deliverability of a 100 KB DKIM-signed newsletter (raw_source with
//    the envelope given): the first GET of each of ROUNDS new emails (spamd's scan and every
//    DNS lookup; target p50 and p95 under 500 ms), then later GETs of one (the kept answer).
//    spamd's own start, on the first GET after the service started, is timed apart.
// 2. The first GET of an inbox view against the first preview of the same client and email.
// CPU: the service's process tree (spamd and the browser below it) and the machine's busy time.
// Run: npm run build && npm run bench:deliverability
import { characterStrings, dkimKey, dkimSigned } from '../test/support/dkim';
import { startDnsServer } from '../test/support/dns-server';
import { marketingEmail } from '../test/support/marketing-email';
import { cpuOfTree, cpuUsed, describeParts } from './lib/cpu';
import { machineBusySeconds } from './lib/machine-cpu';
import { RunningServer, startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CLIENTS = ['GMAILNEW', 'IPHONE13', 'OL2019', 'OUTLOOKCOM'];

const KEY = dkimKey();

async function signedNewsletter(round: number): Promise<string> {
  const html = `${marketingEmail(100)}<!-- ${round} -->`;
  const message = [
    'From: "Acme Outfitters" <news@acme.test>',
    'To: reader@example.com',
    `Subject: Winter sale, round ${round}`,
    'Date: Fri, 27 Nov 2026 09:00:00 +0000',
    `Message-ID: <bench-${round}@acme.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
  ].join('\r\n');
  return dkimSigned(message, { domain: 'acme.test', selector: 's1', privateKey: KEY.privateKey });
}

async function post(server: RunningServer, round: number): Promise<string> {
  const response = await fetch(`${server.url}/v1/emails`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`,
    },
    body: JSON.stringify({
      raw_source: await signedNewsletter(round),
      sending_ip: '192.0.2.10',
      helo: 'mail.acme.test',
    }),
  });
  if (response.status !== 200) throw new Error(`POST answered ${response.status}`);
  return ((await response.json()) as { email_guid: string }).email_guid;
}

async function timed(url: string, check: (body: Record<string, unknown>) => void) {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual' });
  const took = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  check((await response.json()) as Record<string, unknown>);
  return took;
}

async function main(): Promise<void> {
  const dns = await startDnsServer({
    's1._domainkey.acme.test': [characterStrings(KEY.record)],
    'acme.test': [['v=spf1 ip4:192.0.2.10 -all']],
    '_dmarc.acme.test': [['v=DMARC1; p=reject']],
    'default._bimi.acme.test': [['v=BIMI1; l=https://acme.test/bimi/logo.svg; a=']],
  });
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3472), {
    DNS_SERVERS: dns.server,
  });
  try {
    const passes = (body: Record<string, unknown>) => {
      const auth = body.authentication as { dkim: { result: string }; dmarc: { result: string } };
      if (auth.dkim.result !== 'pass' || auth.dmarc.result !== 'pass')
        throw new Error(`authentication did not pass: ${JSON.stringify(auth)}`);
    };
    const deliverability = (guid: string) =>
      timed(`${server.url}/v1/emails/${guid}/deliverability`, passes);
    const spamdStart = await deliverability(await post(server, -1));

    const cpuBefore = cpuOfTree(server.pid);
    const machineBefore = machineBusySeconds();
    const started = performance.now();
    const first: number[] = [];
    for (let round = 0; round < ROUNDS; round++)
      first.push(await deliverability(await post(server, round)));
    const wall = (performance.now() - started) / 1000;
    const cpu = cpuUsed(cpuBefore, cpuOfTree(server.pid));
    const machine = machineBusySeconds() - machineBefore;

    const kept = await post(server, ROUNDS);
    await deliverability(kept);
    const again: number[] = [];
    for (let round = 0; round < ROUNDS; round++) again.push(await deliverability(kept));

    const row = (what: string, samples: number[], target: string) => {
      const s = summarize(samples);
      return { measure: what, n: s.n, 'p50 ms': ms(s.p50), 'p95 ms': ms(s.p95), target };
    };
    printTable('GET /v1/emails/<guid>/deliverability, 100 KB signed newsletter, DNS on loopback', [
      row("first GET after the service started (spamd's start included)", [spamdStart], '-'),
      row('first GET of a new email (scan + DKIM, SPF, DMARC, BIMI lookups)', first, '< 500'),
      row('later GETs of one email (kept answer)', again, '-'),
    ]);
    console.log(
      `\nCPU over the ${ROUNDS} first GETs (and their POSTs), ${wall.toFixed(1)} s of wall time: ` +
        `service tree ${cpu.total.toFixed(1)} s (${describeParts(cpu.parts)}), ` +
        `machine busy ${machine.toFixed(1)} s (/proc/stat)`,
    );

    const rows = [];
    for (const client of CLIENTS) {
      const inbox: number[] = [];
      const preview: number[] = [];
      for (let round = 0; round < Math.min(ROUNDS, 10); round++) {
        const guid = await post(server, 1000 + round);
        inbox.push(await timed(`${server.url}/v1/emails/${guid}/inbox/${client}`, () => {}));
        preview.push(await timed(`${server.url}/v1/emails/${guid}/previews/${client}`, () => {}));
      }
      const [i, p] = [summarize(inbox), summarize(preview)];
      rows.push({
        client,
        n: i.n,
        'inbox p50 ms': ms(i.p50),
        'inbox p95 ms': ms(i.p95),
        'preview p50 ms': ms(p.p50),
        'preview p95 ms': ms(p.p95),
        'inbox / preview p50': (i.p50 / p.p50).toFixed(2),
      });
    }
    printTable('First inbox view against first preview, same email and client', rows);
  } finally {
    await server.stop();
    await dns.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
