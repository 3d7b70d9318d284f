/**
 * At most `limit` holders at once. Waiters are served round-robin between groups, in arrival
 * order within a group; holders that name no group share one, so they are served in arrival
 * order (a plain semaphore). The capture queue groups by email: a 123-client grid of one email
 * then delays another email's first capture by one render, not by the whole grid. Written
 * here because the queue libraries at hand (p-queue, p-limit) only know one FIFO or numeric
 * priorities.
 */
export class Slots {
  private active = 0;
  /** Waiters per group; a Map keeps the groups in the order they take turns. */
  private readonly groups = new Map<string, (() => void)[]>();
  private waiters = 0;

  constructor(private readonly limit: number) {}

  async acquire(group = ''): Promise<() => void> {
    if (this.active < this.limit) this.active++;
    else {
      await new Promise<void>((resolve) => {
        const queue = this.groups.get(group);
        if (queue) queue.push(resolve);
        else this.groups.set(group, [resolve]);
        this.waiters++;
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (!this.handOver()) this.active--;
    };
  }

  /** Gives the freed slot to the next group's oldest waiter; that group goes to the back. */
  private handOver(): boolean {
    const next = this.groups.entries().next();
    if (next.done) return false;
    const [group, queue] = next.value;
    const wake = queue.shift()!;
    this.groups.delete(group);
    if (queue.length > 0) this.groups.set(group, queue);
    this.waiters--;
    wake();
    return true;
  }

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiters;
  }
}
