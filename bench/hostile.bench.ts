/**
 * For each hostile catalogue case, against the built service at its default limits:
 * the answer and time of the hostile capture, the peak memory of the API process and
 * of Chromium below it, /health/live p50/p99 sampled throughout, and the latency of
 * normal captures made one after another while the case runs (p50 and worst), beside the
 * idle latency.
 * Targets on 2 cores: health p99 < 200 ms; no case above 2 GB; a normal capture within 3x
 * idle (its p50 against the idle p50; p95 and the slowest are printed beside it).
 * BENCH_CASES=blur,spans runs only the cases whose names contain one of these.
 */
import pidtree from 'pidtree';
import pidusage from 'pidusage';
import { CATALOGUE } from '../test/hostile/catalogue';
import { SIMPLE_EMAIL } from '../test/support/previews';
import { startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

async function memoryMb(rootPid: number): Promise<{ node: number; chromium: number }> {
  const below = await pidtree(rootPid).catch(() => [] as number[]);
  const usage = await pidusage([rootPid, ...below]).catch(
    () => ({}) as Record<string, pidusage.Status>,
  );
  pidusage.clear();
  let chromium = 0;
  for (const pid of below) chromium += usage[pid]?.memory ?? 0;
  const toMb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return { node: toMb(usage[rootPid]?.memory ?? 0), chromium: toMb(chromium) };
}

async function main(): Promise<void> {
  const server = await startServer(4311);
  const auth = `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`;
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/v1/emails`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { email_guid?: string } };
  };
  const capture = async (guid: string, client: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/v1/emails/${guid}/previews/${client}`, {
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const normalCapture = async () => {
    const { body } = await post({ html_text: SIMPLE_EMAIL });
    return capture(body.email_guid!, 'APPMAIL14');
  };
  const idle: number[] = [];
  for (let i = 0; i < 10; i++) idle.push((await normalCapture()).ms);
  const idleMs = summarize(idle).p50;

  const rows: Record<string, string | number>[] = [];
  // BENCH_CASES=blur,spans runs only the cases whose names contain one of these.
  const only = process.env.BENCH_CASES?.split(',').map((part) => part.trim().toLowerCase());
  const cases = CATALOGUE.filter(
    (entry) => !only || only.some((part) => entry.name.toLowerCase().includes(part)),
  );
  for (const entry of cases) {
    const health: number[] = [];
    let peak = { node: 0, chromium: 0, total: 0 };
    let running = true;
    const sampling = (async () => {
      while (running) {
        const started = performance.now();
        await fetch(`${server.url}/health/live`).then((response) => response.arrayBuffer());
        health.push(performance.now() - started);
        const now = await memoryMb(server.pid);
        if (now.node + now.chromium > peak.total) peak = { ...now, total: now.node + now.chromium };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const posted = await post(await entry.body());
    let hostileDone = false;
    const hostileCapture = (
      posted.status === 200
        ? capture(posted.body.email_guid!, entry.client ?? 'APPMAIL14')
        : Promise.resolve({ status: 0, ms: 0 })
    ).finally(() => (hostileDone = true));
    // Normal captures one after another while the hostile one runs (at least one).
    const normals: number[] = [];
    const normalLoop = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      do normals.push((await normalCapture()).ms);
      while (!hostileDone);
    })();
    const [hostile] = await Promise.all([hostileCapture, normalLoop]);
    const elapsed = performance.now() - started;
    running = false;
    await sampling;
    const h = summarize(health);
    const n = summarize(normals);
    const p99 = [...health].sort((a, b) => a - b)[Math.max(0, Math.ceil(health.length * 0.99) - 1)];
    rows.push({
      case: entry.name.slice(0, 48),
      post: posted.status,
      capture: hostile.status || '-',
      'total s': (elapsed / 1000).toFixed(1),
      'node MB': peak.node,
      'chromium MB': peak.chromium,
      'total MB': peak.total,
      'health p50/p99 ms': `${ms(h.p50)} / ${ms(p99)}`,
      'normal n': normals.length,
      'normal p50 / p95 / max ms': `${Math.round(n.p50)} / ${Math.round(n.p95)} / ${Math.round(Math.max(...normals))}`,
      // Like for like: the idle latency is a median too.
      'p50 / idle': `${(n.p50 / idleMs).toFixed(1)}x`,
      'max / idle': `${(Math.max(...normals) / idleMs).toFixed(1)}x`,
    });
  }
  printTable(
    `Hostile catalogue at default limits (normal capture idle p50 ${Math.round(idleMs)} ms)`,
    rows,
  );
  await server.stop();
}

void main();
