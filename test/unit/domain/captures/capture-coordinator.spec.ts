import { setImmediate as tick } from 'node:timers/promises';
import { CaptureCoordinator } from '../../../../src/domain/captures/run/capture-coordinator';
import { ApiError } from '../../../../src/base/errors/api-error';
import { ManualClock } from '../../../../src/platform/config/clock';
import type { Email } from '../../../../src/domain/emails/email.entity';
import {
  coordinatorConfig,
  EMAIL,
  emailsOf,
  LEASES,
  MemoryCaptureStore,
  OL2019,
  ScriptedQueue,
  statusOf,
} from '../../../support/capture-doubles';

describe('CaptureCoordinator (store and queue replaced by doubles)', () => {
  let store: MemoryCaptureStore;
  let queue: ScriptedQueue;
  let coordinator: CaptureCoordinator;
  let email: Email;
  const coordinatorWith = (
    options: { leases?: typeof LEASES; waitLimitMs?: number; clock?: ManualClock } = {},
  ) =>
    new CaptureCoordinator(
      store.asStore(),
      queue,
      options.leases ?? LEASES,
      emailsOf(() => email),
      coordinatorConfig(options.waitLimitMs),
      options.clock ?? new ManualClock(),
    );
  beforeEach(() => {
    store = new MemoryCaptureStore();
    queue = new ScriptedQueue();
    email = EMAIL;
    coordinator = coordinatorWith();
  });
  const CAPTURED = { cached: false, viewportWidth: 800 };

  /** Lets the coordinator reach its wait, then ends the attempt as a render would. */
  async function render(index: number, outcome: 'captured' | 'failed') {
    while (queue.enqueued.length <= index) await tick();
    const job = queue.enqueued[index];
    if (outcome === 'captured') store.capture(job);
    else await store.markFailed(job, 'render', 'boom');
    queue.finish(
      job,
      outcome === 'captured'
        ? { status: 'captured', viewportWidth: 800 }
        : { status: 'failed', failure: 'render', error: 'boom' },
    );
  }

  it('first request: reads the row once, inserts it pending, enqueues one render and hears its end', async () => {
    const obtained = coordinator.obtain(EMAIL.id, OL2019);
    await render(0, 'captured');
    expect(await obtained).toEqual(CAPTURED);
    expect(store.inserts).toBe(1);
    expect(store.reads).toBe(1); // no poll, and no read after the outcome
    const [row] = store.rows.values();
    expect(queue.enqueued).toEqual([
      { captureId: row.id, emailId: EMAIL.id, attempt: 1, configuration: OL2019 },
    ]);
  });

  it('a captured configuration is answered from the row as cached, rendering nothing', async () => {
    const first = coordinator.obtain(EMAIL.id, OL2019);
    await render(0, 'captured');
    await first;
    expect(await coordinator.obtain(EMAIL.id, OL2019)).toEqual({ ...CAPTURED, cached: true });
    expect(queue.enqueued).toHaveLength(1);
  });

  it('concurrent waiters share one attempt and one render', async () => {
    const all = Promise.all([1, 2, 3].map(() => coordinator.obtain(EMAIL.id, OL2019)));
    await render(0, 'captured');
    expect(await all).toEqual([CAPTURED, CAPTURED, CAPTURED]);
    expect(queue.enqueued).toHaveLength(1);
    expect(store.inserts).toBe(1);
  });

  it('a waiter that read the row pending just before the attempt ended still hears of it', async () => {
    const first = coordinator.obtain(EMAIL.id, OL2019);
    while (queue.enqueued.length === 0) await tick();
    const [row] = store.rows.values();
    const pending = { ...row };
    await render(0, 'captured');
    await first;
    // Another request read the row as pending a moment ago, and waits for that attempt now.
    store.rows.set(row.id, pending);
    const reads = store.reads;
    expect(await coordinator.obtain(EMAIL.id, OL2019)).toEqual(CAPTURED);
    expect(store.reads - reads).toBe(1);
  });

  it('an attempt that runs where this process hears nothing is seen in its row, soon', async () => {
    queue.hearsAll = false;
    const lease = { owner: 'other-process#1', until: new Date(Date.now() + 60_000) };
    const job = (await store.insertPending('row-1', EMAIL.id, OL2019, lease))!;
    const waiting = coordinator.obtain(EMAIL.id, OL2019);
    await new Promise((resolve) => setTimeout(resolve, 50));
    store.capture(job); // the other process's render ended: no event reaches this one
    const started = Date.now();
    expect(await waiting).toEqual(CAPTURED);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(queue.enqueued).toEqual([]);
  });

  it('a superseded attempt reads the row again and answers what the winner made', async () => {
    const obtained = coordinator.obtain(EMAIL.id, OL2019);
    while (queue.enqueued.length === 0) await tick();
    const [job] = queue.enqueued;
    store.capture(job);
    queue.finish(job, { status: 'superseded' });
    expect(await obtained).toEqual(CAPTURED);
  });

  it('a failure answers 500 and is not cached: the next request claims a new attempt', async () => {
    const first = coordinator.obtain(EMAIL.id, OL2019);
    await render(0, 'failed');
    expect(await statusOf(first)).toBe(500);
    const second = coordinator.obtain(EMAIL.id, OL2019);
    await render(1, 'captured');
    expect(await second).toEqual(CAPTURED);
    expect([...store.rows.values()][0].attempt).toBe(2);
    expect(queue.enqueued.map((job) => job.attempt)).toEqual([1, 2]);
  });

  it('a render stopped at its deadline answers 504, and later requests 504 at once, rendering nothing', async () => {
    const first = coordinator.obtain(EMAIL.id, OL2019);
    while (queue.enqueued.length < 1) await tick();
    await store.markFailed(queue.enqueued[0], 'timeout', 'the render took longer than 30000 ms');
    const error = 'the render took longer than 30000 ms';
    queue.finish(queue.enqueued[0], { status: 'failed', failure: 'timeout', error });
    expect(await statusOf(first)).toBe(504);
    expect(await statusOf(coordinator.obtain(EMAIL.id, OL2019))).toBe(504);
    expect(queue.enqueued).toHaveLength(1);
    await coordinator.prefetch(EMAIL, [OL2019]);
    expect(queue.enqueued).toHaveLength(1);
  });

  it('a render over its memory budget is final too: 500 naming it, at once', async () => {
    const first = coordinator.obtain(EMAIL.id, OL2019);
    while (queue.enqueued.length < 1) await tick();
    const error = 'the render used 512 MB, over its 400 MB budget, and was stopped';
    await store.markFailed(queue.enqueued[0], 'memory', error);
    queue.finish(queue.enqueued[0], { status: 'failed', failure: 'memory', error });
    const answers = [await first.catch((e: ApiError) => e)];
    answers.push(await coordinator.obtain(EMAIL.id, OL2019).catch((e: ApiError) => e));
    for (const answer of answers) {
      expect((answer as ApiError).getStatus()).toBe(500);
      expect((answer as ApiError).message).toMatch(/over its 400 MB budget/);
    }
    expect(queue.enqueued).toHaveLength(1);
  });

  it('an engine failure is retried by later requests up to its third attempt, then final', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const request = coordinator.obtain(EMAIL.id, OL2019);
      await render(attempt, 'failed');
      expect(await statusOf(request)).toBe(500);
    }
    expect(await statusOf(coordinator.obtain(EMAIL.id, OL2019))).toBe(500);
    expect(queue.enqueued.map((job) => job.attempt)).toEqual([1, 2, 3]);
  });

  it('attempts handed back by restarts use none of that budget: two engine failures in four attempts are not final', async () => {
    const row = (await store.insertPending('capture-1', EMAIL.id, OL2019))!;
    Object.assign(store.rows.get(row.captureId)!, {
      status: 'failed',
      failure: 'render',
      attempt: 4,
      renderFailures: 2,
    });
    const request = coordinator.obtain(EMAIL.id, OL2019);
    await render(0, 'captured');
    expect(await request).toEqual(CAPTURED);
    expect(queue.enqueued.map((job) => job.attempt)).toEqual([5]);
  });

  it('an attempt abandoned (outcome not recorded) is started again by its waiter, then 503', async () => {
    const obtained = coordinator.obtain(EMAIL.id, OL2019).catch((e: ApiError) => e);
    for (let index = 0; index < 3; index++) {
      while (queue.enqueued.length <= index) await tick();
      const job = queue.enqueued[index];
      await store.markFailed(job, 'interrupted', 'the database went away');
      queue.finish(job, {
        status: 'failed',
        failure: 'interrupted',
        error: 'the database went away',
      });
    }
    const error = (await obtained) as ApiError;
    expect(error.getStatus()).toBe(503);
    expect(error.headers).toHaveProperty('Retry-After');
    expect(queue.enqueued.map((job) => job.attempt)).toEqual([1, 2, 3]);
    const next = coordinator.obtain(EMAIL.id, OL2019);
    await render(3, 'captured');
    expect(await statusOf(next)).toBe(200);
  });

  it('a pending row leased here that nothing here works on is claimed at once', async () => {
    const obtained = coordinator.obtain(EMAIL.id, OL2019).catch(() => 'lost');
    while (queue.enqueued.length < 1) await tick();
    const [row] = store.rows.values();
    const leases = {
      ...LEASES,
      isAbandonedHere: (capture: { id: string }) => capture.id === row.id,
    };
    coordinator = coordinatorWith({ leases: leases as unknown as typeof LEASES });
    const next = coordinator.obtain(EMAIL.id, OL2019);
    while (queue.enqueued.length < 2) await tick();
    expect(queue.enqueued[1]).toMatchObject({ captureId: row.id, attempt: 2 });
    await render(1, 'captured');
    expect(await statusOf(next)).toBe(200);
    void obtained;
  });

  it('a pending row whose lease ran out (its owner died) is claimed at once by the next request', async () => {
    const clock = new ManualClock();
    coordinator = coordinatorWith({ clock });
    const abandoned = coordinator.obtain(EMAIL.id, OL2019).catch(() => 'abandoned');
    while (queue.enqueued.length < 1) await tick();
    const row = [...store.rows.values()][0];
    row.leaseExpiresAt = new Date(clock.now().getTime() + 15_000);
    const waiting = coordinator.obtain(EMAIL.id, OL2019);
    await tick();
    expect(queue.enqueued).toHaveLength(1); // a live lease: the second request waits for it
    clock.advance(15_001); // the owner stopped renewing
    const next = coordinator.obtain(EMAIL.id, OL2019);
    await render(1, 'captured');
    expect(queue.enqueued[1]).toMatchObject({ captureId: row.id, emailId: EMAIL.id, attempt: 2 });
    expect(await statusOf(next)).toBe(200);
    expect(await statusOf(waiting)).toBe(200);
    void abandoned;
  });

  it('a request that waits past CAPTURE_WAIT_LIMIT_MS answers 504', async () => {
    coordinator = coordinatorWith({ waitLimitMs: 30 });
    expect(await statusOf(coordinator.obtain(EMAIL.id, OL2019))).toBe(504);
  });

  it('a full queue answers 503 with Retry-After and records the typed failure', async () => {
    queue.full = true;
    const error = await coordinator.obtain(EMAIL.id, OL2019).catch((e: ApiError) => e);
    expect((error as ApiError).getStatus()).toBe(503);
    expect((error as ApiError).headers).toMatchObject({ 'Retry-After': '7' });
    expect([...store.rows.values()][0]).toMatchObject({ status: 'failed', failure: 'queue-full' });
  });

  it('a queue closed by shutdown answers 503 saying so, not that too many captures wait', async () => {
    queue.closing = true;
    const error = (await coordinator.obtain(EMAIL.id, OL2019).catch((e) => e)) as ApiError;
    expect(error.getStatus()).toBe(503);
    expect(error.message).toBe('Service Unavailable: the service is shutting down, retry shortly');
    expect(error.headers).toMatchObject({ 'Retry-After': '8' });
  });

  it('an expired email starts nothing and answers 404', async () => {
    email = { ...EMAIL, expiredAt: new Date() } as typeof EMAIL;
    expect(await statusOf(coordinator.obtain(EMAIL.id, OL2019))).toBe(404);
    expect(store.inserts).toBe(0);
  });
});
