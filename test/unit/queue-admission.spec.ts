import { retryAfterSeconds } from '../../src/captures/queue/admission';
import { DrainRate } from '../../src/captures/queue/drain-rate';

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

  it('still caps the number waiting (memory), whatever the rate', () => {
    expect(retryAfterSeconds({ ...load, queueLimit: 0, free: 0 }, 1)).toBe(1);
    expect(retryAfterSeconds({ ...load, queueLimit: 0, free: 1 }, 1)).toBe(0);
    expect(retryAfterSeconds({ ...load, queueLimit: 10, drainPerSecond: 1000 }, 13)).toBe(1);
  });
});

describe('DrainRate', () => {
  it('assumes its prior until it has measured', () => {
    expect(new DrainRate(2).perSecond()).toBe(2);
  });

  it('measures gaps between completions made while work was waiting', () => {
    const rate = new DrainRate(2);
    for (let at = 0; at <= 5000; at += 250) rate.record(at, true);
    expect(rate.perSecond()).toBeCloseTo(4, 5);
  });

  it('ignores a gap that followed an idle moment', () => {
    const rate = new DrainRate(2);
    rate.record(0, true);
    rate.record(100, false); // the queue emptied here
    rate.record(60_000, true); // the next completion, a minute later, says nothing of speed
    rate.record(60_100, true);
    expect(rate.perSecond()).toBeCloseTo(10, 5);
  });

  it('follows a change of speed', () => {
    const rate = new DrainRate(2);
    let at = 0;
    for (let i = 0; i < 20; i++) rate.record((at += 100), true);
    for (let i = 0; i < 40; i++) rate.record((at += 1000), true);
    expect(rate.perSecond()).toBeLessThan(1.1);
  });
});
