/**
 * What a queue assumes before it has measured: three renders a second per slot (a capture
 * takes 0.2-0.4 s alone). Too low a guess refuses a cold start's burst that would have fit.
 */
export const priorDrain = (slots: number) => 3 * slots;

/** Weight of the newest gap in the moving average. */
const ALPHA = 0.2;

/**
 * How fast a queue drains: renders finished per second, from the gaps between completions
 * that happen while work is waiting (an idle gap says nothing about throughput). Until it
 * has measured, it assumes `priorPerSecond`. Times are a monotonic timer's
 * (performance.now()): this measures speed, not the service's business time, which tests
 * hold still with the injectable Clock.
 */
export class DrainRate {
  private lastAt?: number;
  private lastBusy = false;
  private gapMs?: number;

  constructor(private readonly priorPerSecond: number) {}

  /** A render ended at `atMs`; `busy`: work was still waiting for a slot when it did. */
  record(atMs: number, busy: boolean): void {
    if (this.lastBusy && this.lastAt !== undefined) {
      const gap = Math.max(1, atMs - this.lastAt);
      this.gapMs = this.gapMs === undefined ? gap : this.gapMs + ALPHA * (gap - this.gapMs);
    }
    this.lastAt = atMs;
    this.lastBusy = busy;
  }

  perSecond(): number {
    return this.gapMs === undefined ? this.priorPerSecond : 1000 / this.gapMs;
  }
}
