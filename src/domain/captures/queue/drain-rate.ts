import type { Clock } from '../../../platform/config/clock';

/**
 * What a queue assumes before it has measured: three renders a second per slot (a capture
 * takes 0.2-0.4 s alone). Too low a guess refuses a cold start's burst that would have fit.
 */
export const priorDrain = (slots: number) => 3 * slots;

/** Weight of the newest gap in the moving average. */
const ALPHA = 0.2;
/**
 * Once no render has ended for longer than the measured gap (the queue went idle, or its
 * workers went away), the measurement counts half after this much more time: the estimate
 * falls back to the prior, so one slow burst cannot refuse work for the rest of the
 * process's life (a queue that admits nothing is never measured again).
 */
export const DRAIN_HALF_LIFE_MS = 30_000;

/**
 * How fast a queue drains: renders finished per second, from the gaps between completions
 * that happen while work is waiting (an idle gap says nothing about throughput). Whether
 * work was waiting is read from the queue itself when a render ends. Until it has measured,
 * and more and more as its last measurement ages, it assumes `priorPerSecond`. Time is the
 * service clock's, so tests move it instead of waiting.
 */
export class DrainRate {
  private lastAt?: number;
  private lastBusy = false;
  private gapMs?: number;

  constructor(
    private readonly priorPerSecond: number,
    private readonly clock: Clock,
  ) {}

  /** A render ended now; `busy`: work was still waiting for a slot when it did. */
  record(busy: boolean): void {
    const at = this.clock.now().getTime();
    // What a quiet period took from the measurement stays taken: the next render ending
    // does not bring an old estimate back.
    if (this.gapMs !== undefined) this.gapMs = 1000 / this.perSecond();
    if (this.lastBusy && this.lastAt !== undefined) {
      const gap = Math.max(1, at - this.lastAt);
      this.gapMs = this.gapMs === undefined ? gap : this.gapMs + ALPHA * (gap - this.gapMs);
    }
    this.lastAt = at;
    this.lastBusy = busy;
  }

  perSecond(): number {
    if (this.gapMs === undefined || this.lastAt === undefined) return this.priorPerSecond;
    const quiet = this.clock.now().getTime() - this.lastAt - this.gapMs;
    const weight = 0.5 ** (Math.max(0, quiet) / DRAIN_HALF_LIFE_MS);
    return weight * (1000 / this.gapMs) + (1 - weight) * this.priorPerSecond;
  }
}
