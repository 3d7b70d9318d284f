/** What an engine's context is to the pool: something that closes (and ends its renderer). */
export interface Closable {
  close(): Promise<unknown>;
}

interface Parked<C extends Closable> {
  key: string;
  context: C;
  /** Which browser it lives in: a retired browser's contexts are never handed out. */
  owner: object;
  timer: NodeJS.Timeout;
}

/**
 * Browser contexts kept open between captures of one email, so the next capture of that
 * email skips a context and page start (about 40 % of a desktop capture). A context is
 * only ever handed back under the key it was parked with, and the key names the email:
 * two emails never share one. Parked contexts close after `idleMs`, and the oldest
 * closes when more than `max` are parked (each holds a renderer process).
 */
export class ParkedContexts<C extends Closable> {
  private readonly parked: Parked<C>[] = [];

  constructor(
    private readonly max: number,
    private readonly idleMs: number,
  ) {}

  /** A parked context for `key` in `owner`'s browser, now the caller's; or none. */
  take(key: string, owner: object): C | undefined {
    const index = this.parked.findIndex((entry) => entry.key === key && entry.owner === owner);
    if (index < 0) return undefined;
    const [entry] = this.parked.splice(index, 1);
    clearTimeout(entry.timer);
    return entry.context;
  }

  /**
   * `watchLoss` is handed a function that drops the context: called when its renderer dies
   * while parked (the memory watch, a crash), it is never handed out.
   */
  park(key: string, owner: object, context: C, watchLoss?: (drop: () => void) => void): void {
    if (this.max <= 0) return void closeQuietly(context);
    const drop = () => void this.drop((entry) => entry.context === context);
    const timer = setTimeout(drop, this.idleMs);
    timer.unref();
    this.parked.push({ key, owner, context, timer });
    watchLoss?.(drop);
    while (this.parked.length > this.max) this.evict(this.parked[0]);
  }

  /** Closes the parked contexts of a browser going away (or all of them). */
  async dropAll(owner?: object): Promise<void> {
    await this.drop((entry) => owner === undefined || entry.owner === owner);
  }

  get size(): number {
    return this.parked.length;
  }

  private async drop(which: (entry: Parked<C>) => boolean): Promise<void> {
    await Promise.all(this.parked.filter(which).map((entry) => this.evict(entry)));
  }

  private async evict(entry: Parked<C>): Promise<void> {
    const index = this.parked.indexOf(entry);
    if (index >= 0) this.parked.splice(index, 1);
    clearTimeout(entry.timer);
    await closeQuietly(entry.context);
  }
}

async function closeQuietly(context: Closable): Promise<void> {
  await context.close().catch(() => undefined);
}
