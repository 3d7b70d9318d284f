import type { Closable } from './parked-contexts';

interface Warm<C extends Closable> {
  signature: string;
  /** Which browser it lives in: a retired browser's contexts are never handed out. */
  owner: object;
  context: Promise<C | null>;
  /** It has finished opening. */
  ready: boolean;
}

/**
 * Fresh contexts (with their page) opened ahead of demand, so a first capture does not wait
 * for one to open. A warm context has never loaded an email: any capture may take it, and
 * from then on it is that email's only.
 *
 * One is kept per set of context options. When captures come back to back, the one opened
 * as the last capture ended is still opening when the next capture wants it (it waits about
 * a context's start); then that set of options keeps a second one opening ahead, until a
 * capture finds two ready again, and only while that closes no other options' warm context.
 * At most `max` are open in all: the oldest closes.
 */
export class WarmContexts<C extends Closable> {
  private readonly warm: Warm<C>[] = [];
  /** Options whose captures outpace one warm context: they keep two. */
  private readonly ahead = new Set<string>();

  constructor(private readonly max: number) {}

  /** How many may be open at once (0: none is kept). */
  get capacity(): number {
    return this.max;
  }

  /** The warm context for these options (waiting for it if it is still opening), or none. */
  async take(signature: string, owner: object): Promise<C | undefined> {
    const mine = (entry: Warm<C>) => entry.signature === signature && entry.owner === owner;
    const index = this.warm.findIndex((entry) => mine(entry) && entry.ready);
    const entry = this.warm[index] ?? this.warm.find(mine);
    if (!entry) return undefined;
    this.warm.splice(this.warm.indexOf(entry), 1);
    if (!entry.ready) this.ahead.add(signature);
    else if (this.warm.some((other) => mine(other) && other.ready)) this.ahead.delete(signature);
    return (await entry.context) ?? undefined;
  }

  /** Opens what these options keep warm (one, or two when ahead); the oldest beyond `max` closes. */
  prepare(signature: string, owner: object, open: () => Promise<C>): void {
    if (this.max <= 0) return;
    for (const stale of this.warm.filter((e) => e.signature === signature && e.owner !== owner))
      void this.evict(stale);
    const have = this.warm.filter((entry) => entry.signature === signature).length;
    const others = this.warm.length - have;
    const keep = this.ahead.has(signature) && others + 2 <= this.max ? 2 : 1;
    for (let count = have; count < keep; count++) {
      const entry: Warm<C> = { signature, owner, context: Promise.resolve(null), ready: false };
      entry.context = open().then(
        (context) => ((entry.ready = true), context),
        () => (this.evict(entry), null),
      );
      this.warm.push(entry);
    }
    while (this.warm.length > this.max) void this.evict(this.warm[0]);
  }

  /** Closes the warm contexts of a browser going away (or all of them). */
  async dropAll(owner?: object): Promise<void> {
    const going = this.warm.filter((entry) => owner === undefined || entry.owner === owner);
    await Promise.all(going.map((entry) => this.evict(entry)));
  }

  private async evict(entry: Warm<C>): Promise<void> {
    const index = this.warm.indexOf(entry);
    if (index < 0) return;
    this.warm.splice(index, 1);
    const context = await entry.context;
    await context?.close().catch(() => undefined);
  }
}
