/**
 * Whether a queue takes `count` more jobs, judged by what its limit protects: the time a
 * request waits. A job is refused when, at the queue's measured drain rate, it would wait
 * longer than `maxWaitMs`, or when more than `queueLimit` jobs would wait (a cap on memory).
 */
export interface QueueLoad {
  /** Jobs accepted and not started (waiting for a slot, or places reserved for a batch). */
  waiting: number;
  /** Slots free right now (0 when unknown, as in scale-out). */
  free: number;
  /** Renders finished per second while work was waiting. */
  drainPerSecond: number;
  maxWaitMs: number;
  queueLimit: number;
}

/**
 * 0: accepted. Otherwise the refusal's Retry-After, in seconds. A queue with nothing
 * waiting is never refused on time: whatever the estimate says, the next job would be the
 * first in line (only the cap on the number waiting still applies).
 */
export function retryAfterSeconds(load: QueueLoad, count: number): number {
  const wouldWait = Math.max(0, load.waiting + count - load.free);
  const rate = Math.max(load.drainPerSecond, 1e-3);
  const fitsInTime = load.waiting === 0 ? Infinity : rate * (load.maxWaitMs / 1000);
  const fits = Math.min(fitsInTime, load.queueLimit);
  if (wouldWait <= fits) return 0;
  // When enough of the queue will have drained for these jobs to fit.
  return Math.max(1, Math.ceil((wouldWait - fits) / rate));
}
