import { AttemptKey, CaptureOutcome, SUPERSEDED } from '../state/capture-attempt';

interface Waiter {
  attempt: number;
  answer(outcome: CaptureOutcome | null): void;
}

/** What this process knows of one capture's attempts. */
interface Attempts {
  waiters: Set<Waiter>;
  /** The latest attempt heard to end, kept `keepMs`. */
  ended?: { attempt: number; outcome: CaptureOutcome; forget: NodeJS.Timeout };
}

/**
 * How the attempts a process hears of end, keyed by capture: a waiting request is answered
 * by its own attempt's end, or told to read the row again when a later attempt of the same
 * capture ends first (a request that claimed the row from a dead owner, say). Nothing polls.
 * An outcome stays known `keepMs` after it is heard, for a request that read the row as
 * pending just before the attempt ended and asks a moment after.
 */
export class AttemptOutcomes {
  private readonly captures = new Map<string, Attempts>();

  constructor(private readonly keepMs: number) {}

  /** An attempt ended (in this process's queue, or heard from the cluster's queue events). */
  publish(attempt: AttemptKey, outcome: CaptureOutcome): void {
    const entry = this.entry(attempt.captureId);
    for (const waiter of entry.waiters) {
      if (waiter.attempt > attempt.attempt) continue; // a later attempt: its own end answers it
      entry.waiters.delete(waiter);
      waiter.answer(waiter.attempt === attempt.attempt ? outcome : SUPERSEDED);
    }
    if (entry.ended && entry.ended.attempt > attempt.attempt) return;
    if (entry.ended) clearTimeout(entry.ended.forget);
    const forget = setTimeout(() => {
      entry.ended = undefined;
      this.dropIfUnused(attempt.captureId, entry);
    }, this.keepMs).unref();
    entry.ended = { attempt: attempt.attempt, outcome, forget };
  }

  /** The attempt's outcome; SUPERSEDED when a later attempt ended first; null once `signal` aborts. */
  wait(attempt: AttemptKey, signal: AbortSignal): Promise<CaptureOutcome | null> {
    if (signal.aborted) return Promise.resolve(null);
    const entry = this.entry(attempt.captureId);
    const { ended } = entry;
    if (ended && ended.attempt >= attempt.attempt) {
      return Promise.resolve(ended.attempt === attempt.attempt ? ended.outcome : SUPERSEDED);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        attempt: attempt.attempt,
        answer: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      const onAbort = () => {
        entry.waiters.delete(waiter);
        this.dropIfUnused(attempt.captureId, entry);
        waiter.answer(null);
      };
      entry.waiters.add(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Captures with waiters or a remembered outcome (memory: they leave once neither is left). */
  get size(): number {
    return this.captures.size;
  }

  private entry(captureId: string): Attempts {
    let entry = this.captures.get(captureId);
    if (!entry) this.captures.set(captureId, (entry = { waiters: new Set() }));
    return entry;
  }

  private dropIfUnused(captureId: string, entry: Attempts): void {
    if (entry.waiters.size === 0 && !entry.ended && this.captures.get(captureId) === entry)
      this.captures.delete(captureId);
  }
}
