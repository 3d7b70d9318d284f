import type { Clock } from '../config/clock';
import { applyHit, stateOf, ThrottleRecord, ThrottleState, ThrottleStore } from './throttle-store';

/** Embedded mode: one process, counters in a Map; ended records are swept as keys are hit. */
export class MemoryThrottleStore extends ThrottleStore {
  private readonly records = new Map<string, ThrottleRecord>();
  private hitsSinceSweep = 0;

  constructor(private readonly clock: Clock) {
    super();
  }

  async hit(key: string, windowMs: number, limit: number, blockMs: number): Promise<ThrottleState> {
    const now = this.clock.now().getTime();
    if (++this.hitsSinceSweep >= 1000) this.sweep(now);
    const record = applyHit(this.records.get(key), now, windowMs, limit, blockMs);
    this.records.set(key, record);
    return stateOf(record, now);
  }

  async peek(key: string): Promise<ThrottleState> {
    return stateOf(this.records.get(key), this.clock.now().getTime());
  }

  async reset(key: string): Promise<void> {
    this.records.delete(key);
  }

  async close(): Promise<void> {
    this.records.clear();
  }

  private sweep(now: number): void {
    this.hitsSinceSweep = 0;
    for (const [key, record] of this.records)
      if (record.windowEndsAt <= now && record.blockedUntil <= now) this.records.delete(key);
  }
}
