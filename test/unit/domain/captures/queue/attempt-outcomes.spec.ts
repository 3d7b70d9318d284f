import { AttemptOutcomes } from '../../../../../src/domain/captures/queue/attempt-outcomes';

describe('AttemptOutcomes', () => {
  const attempt = (n: number) => ({ captureId: 'capture-1', attempt: n });
  const captured = { status: 'captured', viewportWidth: 800 } as const;
  let outcomes: AttemptOutcomes;
  beforeEach(() => (outcomes = new AttemptOutcomes(60_000)));

  it('answers every waiter of an attempt when it ends, and forgets them', async () => {
    const waiters = [1, 2].map(() => outcomes.wait(attempt(1), new AbortController().signal));
    outcomes.publish(attempt(1), captured);
    expect(await Promise.all(waiters)).toEqual([captured, captured]);
  });

  it('answers a waiter that asks just after the end', async () => {
    outcomes.publish(attempt(1), captured);
    expect(await outcomes.wait(attempt(1), new AbortController().signal)).toEqual(captured);
  });

  it('tells the waiters of an older attempt to read the row when a later one ends', async () => {
    const older = outcomes.wait(attempt(1), new AbortController().signal);
    const newer = outcomes.wait(attempt(3), new AbortController().signal);
    outcomes.publish(attempt(2), captured);
    expect(await older).toEqual({ status: 'superseded' });
    expect(await outcomes.wait(attempt(1), new AbortController().signal)).toEqual({
      status: 'superseded',
    });
    outcomes.publish(attempt(3), captured);
    expect(await newer).toEqual(captured);
  });

  it('answers null once the signal aborts, and keeps nothing for a capture nobody waits on', async () => {
    const stop = new AbortController();
    const waiting = outcomes.wait(attempt(1), stop.signal);
    expect(outcomes.size).toBe(1);
    stop.abort();
    expect(await waiting).toBeNull();
    expect(outcomes.size).toBe(0);
  });

  it('forgets an outcome after its time', async () => {
    outcomes = new AttemptOutcomes(10);
    outcomes.publish(attempt(1), captured);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(outcomes.size).toBe(0);
  });
});
