import { LRUCache } from 'lru-cache';

/** BullMQ's lowest priority. */
const LAST_TURN = 2_097_151;

/**
 * Fair order in a shared BullMQ queue, which only knows FIFO and numeric priorities: each
 * job gets the priority of its turn within its email (the first job of an email 1, its
 * 50th 50), so the first job of every email runs before the second of any, and a grid of
 * one email delays another email's first capture by about one render per worker slot.
 * Turns are counted per API process, for the jobs it enqueued and has not heard finish.
 */
export class EmailTurns {
  private readonly outstanding = new Map<string, number>();
  /** Job id → email; an entry whose completion was never heard leaves after an hour. */
  private readonly emailOfJob = new LRUCache<string, string>({
    max: 100_000,
    ttl: 3_600_000,
    ttlAutopurge: true,
    dispose: (emailId) => this.release(emailId),
  });

  /** The turn (a BullMQ priority, 1 first) of a job about to be enqueued. */
  next(jobId: string, emailId: string): number {
    const turn = (this.outstanding.get(emailId) ?? 0) + 1;
    this.outstanding.set(emailId, turn);
    this.emailOfJob.set(jobId, emailId);
    return Math.min(turn, LAST_TURN);
  }

  /** The job finished (completed or failed): its email's later jobs move up a turn. */
  finished(jobId: string): void {
    this.emailOfJob.delete(jobId);
  }

  private release(emailId: string): void {
    const left = (this.outstanding.get(emailId) ?? 1) - 1;
    if (left > 0) this.outstanding.set(emailId, left);
    else this.outstanding.delete(emailId);
  }
}
