/**
 * A flood of wrong-password sign-ins at a fixed rate, each from its own address and for its own email (a
 * distributed guesser, so per-account and per-address lockouts never step in and every
 * attempt costs an argon2 check), while normal first captures run one after another.
 * Prints the capture p50/p95 idle and during the flood, for the default bound on password
 * checks (PASSWORD_CHECKS_AT_ONCE=1) beside an unbounded one (4 at once: libuv's pool).
 * Target: captures during the flood within 2x idle with the bound.
 */
import { SIMPLE_EMAIL } from '../test/support/previews';
import { postHtml, RunningServer, startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

const CAPTURES = 15;
/** Sign-in attempts per second: four times the flood of the issue (140 in 14 s). */
const RATE = 40;

async function firstCapture(server: RunningServer): Promise<number> {
  const guid = await postHtml(server, SIMPLE_EMAIL);
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/emails/${guid}/previews/APPMAIL14`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`capture answered ${response.status}`);
  return performance.now() - started;
}

/** One sign-in attempt as a browser would make it: the form, then a wrong password. */
async function wrongSignIn(server: RunningServer, n: number): Promise<number> {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const returnTo = `/oauth/authorize?response_type=code&client_id=${server.clientId}&state=s`;
  const form = await fetch(`${server.url}${returnTo}`, { headers: { 'X-Forwarded-For': address } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0];
  const response = await fetch(`${server.url}/oauth/login`, {
    method: 'POST',
    headers: {
      'X-Forwarded-For': address,
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: cookie,
    },
    body: new URLSearchParams({
      email: `guess${n}@example.com`,
      password: 'wrong password',
      csrf,
      return_to: returnTo,
    }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

async function run(label: string, port: number, env: Record<string, string>) {
  const server = await startServer(port, env);
  try {
    for (let i = 0; i < 3; i++) await firstCapture(server); // warm-up
    const idle: number[] = [];
    for (let i = 0; i < CAPTURES; i++) idle.push(await firstCapture(server));
    let attempt = 0;
    const statuses: Record<number, number> = {};
    const inFlight = new Set<Promise<void>>();
    const started = performance.now();
    const ticker = setInterval(() => {
      const sent = wrongSignIn(server, attempt++).then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        inFlight.delete(sent);
      });
      inFlight.add(sent);
    }, 1000 / RATE);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let the flood build up
    const during: number[] = [];
    for (let i = 0; i < CAPTURES; i++) during.push(await firstCapture(server));
    clearInterval(ticker);
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    const a = summarize(idle);
    const b = summarize(during);
    return {
      'password checks': label,
      'idle p50 / p95 ms': `${ms(a.p50)} / ${ms(a.p95)}`,
      'flood p50 / p95 ms': `${ms(b.p50)} / ${ms(b.p95)}`,
      'p50 ratio': (b.p50 / a.p50).toFixed(2),
      'p95 ratio': (b.p95 / a.p95).toFixed(2),
      'sign-ins/s sent': (attempt / seconds).toFixed(1),
      statuses: Object.entries(statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const rows = [
    await run('1 at once, 8 waiting (default)', 4411, {}),
    await run('4 at once, unbounded', 4412, {
      PASSWORD_CHECKS_AT_ONCE: '4',
      PASSWORD_CHECK_QUEUE: '100000',
    }),
  ];
  printTable(
    `First captures during a flood of ${RATE} wrong sign-ins a second (distinct addresses and emails)`,
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
