import type { BrowserContext } from 'playwright-core';

interface Warm {
  /** Which browser it lives in: a retired browser's contexts are never handed out. */
  owner: object;
  context: Promise<BrowserContext | null>;
}

/**
 * Fresh contexts (with their page) opened ahead of demand, one per set of context
 * options, so a first capture does not wait for one to open. A warm context has never
 * loaded an email: any capture may take it, and from then on it is that email's only.
 */
export class WarmContexts {
  private readonly warm = new Map<string, Warm>();

  constructor(private readonly max: number) {}

  /** The warm context for these options (waiting for it if it is still opening), or none. */
  async take(signature: string, owner: object): Promise<BrowserContext | undefined> {
    const entry = this.warm.get(signature);
    if (!entry || entry.owner !== owner) return undefined;
    this.warm.delete(signature);
    return (await entry.context) ?? undefined;
  }

  /** Opens a context for these options unless one is warm already; the oldest beyond `max` closes. */
  prepare(signature: string, owner: object, open: () => Promise<BrowserContext>): void {
    if (this.max <= 0 || this.warm.get(signature)?.owner === owner) return;
    void this.evict(signature);
    this.warm.set(signature, { owner, context: open().catch(() => null) });
    while (this.warm.size > this.max) void this.evict(this.warm.keys().next().value!);
  }

  /** Closes the warm contexts of a browser going away (or all of them). */
  async dropAll(owner?: object): Promise<void> {
    const going = [...this.warm].filter(
      ([, entry]) => owner === undefined || entry.owner === owner,
    );
    await Promise.all(going.map(([signature]) => this.evict(signature)));
  }

  private async evict(signature: string): Promise<void> {
    const entry = this.warm.get(signature);
    if (!entry) return;
    this.warm.delete(signature);
    const context = await entry.context;
    await context?.close().catch(() => undefined);
  }
}
