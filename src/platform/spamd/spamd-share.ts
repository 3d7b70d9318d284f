import { Slots } from '../../base/system/slots';

/**
 * Scans at once in all: spamd's children (--max-children). Each account has one of them at
 * most, so one account's slow messages leave the other child to everybody else, and waiting
 * accounts take turns (Slots' round robin).
 */
export const SPAMD_CHILDREN = 2;

/** The largest message scanned: spamc's default --max-size (512,000 bytes), for the same reason. */
export const MAX_SCAN_BYTES = 512_000;
/**
 * The most MIME parts scanned: SpamAssassin runs its body rules on every text part, and a
 * message of hundreds of short parts keeps a child busy for tens of seconds.
 */
export const MAX_SCAN_PARTS = 100;

/** Why a message is not given to spamd, or null when it is. */
export function notScannedBecause(message: Buffer): string | null {
  if (message.length > MAX_SCAN_BYTES)
    return `not scanned: ${message.length} bytes is more than ${MAX_SCAN_BYTES}, the size spamc skips (its --max-size)`;
  // A part announces its type; counted without parsing, on the bytes spamd would read.
  const parts = message.toString('latin1').match(/^content-type[ \t]*:/gim)?.length ?? 0;
  if (parts > MAX_SCAN_PARTS)
    return `not scanned: ${parts} MIME parts, more than the ${MAX_SCAN_PARTS} scanned`;
  return null;
}

/** Turns at spamd: SPAMD_CHILDREN at once, one per account. */
export class SpamdShare {
  private readonly children = new Slots(SPAMD_CHILDREN);
  private readonly accounts = new Map<string, Slots>();

  /** Runs `scan` when a child is free for `account`; its turn ends when `scan` settles. */
  async run<T>(account: string, scan: () => Promise<T>): Promise<T> {
    let own = this.accounts.get(account);
    if (!own) this.accounts.set(account, (own = new Slots(1)));
    const releaseOwn = await own.acquire();
    try {
      const release = await this.children.acquire(account);
      try {
        return await scan();
      } finally {
        release();
      }
    } finally {
      releaseOwn();
      if (own.inUse === 0 && own.queued === 0) this.accounts.delete(account);
    }
  }
}
