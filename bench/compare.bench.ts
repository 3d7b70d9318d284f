// Comparisons and checks, on the built service (npm run build first), embedded defaults:
// 1. Two 40 KB emails compared in 10 clients once both are captured: each client's first
//    comparison (read both PNGs, diff in the worker thread, store the diff) over PAIRS
//    versions of the head, then the same comparisons answered again from the kept diff.
//    Target: p50 under 300 ms per client.
// 2. GET /v1/emails/<guid>/checks of a 100 KB email: the first GET of each of ROUNDS new
//    emails (the HTML parsed and Gmail's size measured in a thread; target p50 under 200 ms),
//    then later GETs of one captured in two profiles (those findings kept, contrast read again).
// Run: npm run build && npm run bench:compare
import { marketingEmail } from '../test/support/marketing-email';
import { postHtml, RunningServer, startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

const CLIENTS = [
  'OL2019',
  'OL2016',
  'GMAILNEW',
  'OUTLOOKCOM',
  'YAHOO',
  'SAMSUNGMAIL',
  'APPMAIL15',
  'IPHONE13',
  'OUTLOOKIOS',
  'THUNDERBIRDLATEST',
];
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const auth = (server: RunningServer) =>
  `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`;

async function captureAll(server: RunningServer, guid: string): Promise<void> {
  await Promise.all(
    CLIENTS.map(async (client) => {
      const answer = await fetch(`${server.url}/v1/emails/${guid}/previews/${client}`, {
        redirect: 'manual',
      });
      if (answer.status !== 200 && answer.status !== 301)
        throw new Error(`${client}: preview answered ${answer.status}`);
    }),
  );
}

async function compare(server: RunningServer, base: string, head: string, clients: string[]) {
  const started = performance.now();
  const answer = await fetch(`${server.url}/v1/comparisons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth(server) },
    body: JSON.stringify({ base_email_guid: base, head_email_guid: head, clients }),
  });
  const body = (await answer.json()) as { results: { changed_pixels: number }[] };
  if (answer.status !== 200) throw new Error(`comparison answered ${answer.status}`);
  return {
    ms: performance.now() - started,
    changed: body.results.filter((r) => r.changed_pixels > 0).length,
  };
}

async function main(): Promise<void> {
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3471));
  try {
    const newsletter = marketingEmail(40);
    const base = await postHtml(server, newsletter);
    await captureAll(server, base);
    const perClientFirst: number[] = [];
    const perClientAgain: number[] = [];
    const wholeFirst: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      // A version whose buttons changed colour: every client has something to find.
      const head = await postHtml(server, newsletter.replaceAll('#0a66c2', `#c2${pair}a0a`));
      const other = await postHtml(server, newsletter.replaceAll('#0a66c2', `#0ac2${pair}6`));
      await Promise.all([captureAll(server, head), captureAll(server, other)]);
      for (const client of CLIENTS) {
        const first = await compare(server, base, head, [client]);
        if (first.changed !== 1) throw new Error(`${client}: no change found`);
        perClientFirst.push(first.ms);
        perClientAgain.push((await compare(server, base, head, [client])).ms);
      }
      // All ten in one request, as the API and the CLI ask.
      const whole = await compare(server, base, other, CLIENTS);
      wholeFirst.push(whole.ms / CLIENTS.length);
    }
    const timedChecks = async (guid: string) => {
      const started = performance.now();
      const answer = await fetch(`${server.url}/v1/emails/${guid}/checks`);
      const body = (await answer.json()) as { checks: unknown[] };
      if (answer.status !== 200) throw new Error(`checks answered ${answer.status}`);
      return { ms: performance.now() - started, findings: body.checks.length };
    };
    // A new email each round: its HTML read for the first time (the first three warm up).
    const firstChecks: number[] = [];
    for (let round = 0; round < ROUNDS + 3; round++) {
      const guid = await postHtml(server, `${marketingEmail(100)}<!-- ${round} -->`);
      const { ms: took } = await timedChecks(guid);
      if (round >= 3) firstChecks.push(took);
    }
    // One email captured in a light and a dark profile, asked again and again.
    const big = await postHtml(server, marketingEmail(100));
    for (const client of ['OL2019', 'APPMAIL15DARK'])
      await fetch(`${server.url}/v1/emails/${big}/previews/${client}`, { redirect: 'manual' });
    const checks: number[] = [];
    let findings = 0;
    for (let round = 0; round < ROUNDS + 1; round++) {
      const timed = await timedChecks(big);
      if (round >= 1) checks.push(timed.ms);
      findings = timed.findings;
    }
    const row = (what: string, samples: number[], target: number | string) => {
      const s = summarize(samples);
      return { measure: what, n: s.n, 'p50 ms': ms(s.p50), 'p95 ms': ms(s.p95), target };
    };
    printTable('Comparisons of two 40 KB emails, both captured (per client)', [
      row('first comparison, one client per request', perClientFirst, '< 300'),
      row('first comparison, 10 clients in one request (÷10)', wholeFirst, '< 300'),
      row('the same comparison again (kept diff)', perClientAgain, '-'),
    ]);
    printTable(`Checks of a 100 KB email (${findings} findings)`, [
      row('first GET of an email (its HTML read, Gmail size measured)', firstChecks, '< 200'),
      row('later GETs, captured in 2 profiles (contrast read again)', checks, '-'),
    ]);
    const ratio = summarize(perClientFirst).p50 / summarize(perClientAgain).p50;
    console.log(`\nfirst / kept comparison p50 ratio: ${ratio.toFixed(2)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
