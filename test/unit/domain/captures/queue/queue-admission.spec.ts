import { retryAfterSeconds } from '../../../../../src/domain/captures/queue/admission';
import { DRAIN_HALF_LIFE_MS, DrainRate } from '../../../../../src/domain/captures/queue/drain-rate';
import { ManualClock } from '../../../../../src/platform/config/clock';

describe('queue admission: measured in waiting time', () => {
  const load = { waiting: 0, free: 2, drainPerSecond: 4, maxWaitMs: 90_000, queueLimit: 5000 };

  it('takes a whole 123-client grid on an idle queue', () => {
    expect(retryAfterSeconds(load, 123)).toBe(0);
  });

  it('refuses what would wait longer than maxWaitMs, with Retry-After from the drain rate', () => {
    // 4/s for 90 s: 360 may wait (322 + 40 - 2 free); 400 + 2 - 2 = 400: 40 too many, 10 s at 4/s.
    expect(retryAfterSeconds({ ...load, waiting: 322 }, 40)).toBe(0);
    expect(retryAfterSeconds({ ...load, waiting: 400 }, 2)).toBe(10);
  });

  it('admits more when the queue drains faster', () => {
    expect(retryAfterSeconds({ ...load, waiting: 400 }, 2)).toBeGreaterThan(0);
    expect(retryAfterSeconds({ ...load, waiting: 400, drainPerSecond: 8 }, 2)).toBe(0);
  });

  it('never refuses on time when nothing waits, however slow the estimate', () => {
    expect(retryAfterSeconds({ ...load, free: 0, drainPerSecond: 1e-6 }, 1)).toBe(0);
    expect(retryAfterSeconds({ ...load, free: 0, drainPerSecond: 1e-6 }, 123)).toBe(0);
    expect(
      retryAfterSeconds({ ...load, waiting: 1, free: 0, drainPerSecond: 1e-6 }, 1),
    ).toBeGreaterThan(0);
  });

  it('still caps the number waiting (memory), whatever the rate', () => {
    expect(retryAfterSeconds({ ...load, queueLimit: 0, free: 0 }, 1)).toBe(1);
    expect(retryAfterSeconds({ ...load, queueLimit: 0, free: 1 }, 1)).toBe(0);
    expect(retryAfterSeconds({ ...load, queueLimit: 10, drainPerSecond: 1000 }, 13)).toBe(1);
  });
});

describe('DrainRate (on the service clock)', () => {
  /** A rate on a manual clock, and a way to end a render `ms` after the last one. */
  function drain(prior = 2) {
    const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
    const rate = new DrainRate(prior, clock);
    const endAfter = (ms: number, busy: boolean) => {
      clock.advance(ms);
      rate.record(busy);
    };
    return { clock, rate, endAfter };
  }

  it('assumes its prior until it has measured', () => {
    expect(drain().rate.perSecond()).toBe(2);
  });

  it('measures gaps between completions made while work was waiting', () => {
    const { rate, endAfter } = drain();
    for (let i = 0; i <= 20; i++) endAfter(250, true);
    expect(rate.perSecond()).toBeCloseTo(4, 5);
  });

  it('ignores a gap that followed an idle moment', () => {
    const { rate, endAfter } = drain();
    endAfter(0, true);
    endAfter(100, false); // the queue emptied here
    endAfter(60_000, true); // the next completion, a minute later, says nothing of speed
    endAfter(100, true);
    // Read as a gap, the minute would say 1/60 per second; the estimate stays above its prior.
    expect(rate.perSecond()).toBeGreaterThan(2);
  });

  it('follows a change of speed', () => {
    const { rate, endAfter } = drain();
    for (let i = 0; i < 20; i++) endAfter(100, true);
    for (let i = 0; i < 40; i++) endAfter(1000, true);
    expect(rate.perSecond()).toBeLessThan(1.1);
  });

  it('falls back to its prior as its measurement ages: an idle period cannot lock admission', () => {
    const { clock, rate, endAfter } = drain(6);
    // A slow burst (a minute a render, as a stalled worker would look), then 13 minutes idle.
    for (let i = 0; i < 10; i++) endAfter(60_000, true);
    expect(rate.perSecond()).toBeLessThan(0.1);
    const load = { waiting: 0, free: 0, maxWaitMs: 90_000, queueLimit: 5000 };
    expect(retryAfterSeconds({ ...load, drainPerSecond: rate.perSecond() }, 1)).toBe(0);
    expect(
      retryAfterSeconds({ ...load, waiting: 40, drainPerSecond: rate.perSecond() }, 1),
    ).toBeGreaterThan(0);
    clock.advance(60_000); // no render ended for one measured gap: nothing is known yet
    expect(rate.perSecond()).toBeLessThan(0.1);
    clock.advance(DRAIN_HALF_LIFE_MS);
    expect(rate.perSecond()).toBeCloseTo(3, 0);
    clock.advance(13 * 60_000);
    expect(rate.perSecond()).toBeCloseTo(6, 3);
    expect(retryAfterSeconds({ ...load, waiting: 40, drainPerSecond: rate.perSecond() }, 1)).toBe(
      0,
    );
  });
});
