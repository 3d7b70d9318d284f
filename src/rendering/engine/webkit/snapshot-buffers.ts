/** Bytes of one buffer lent out, and how to give it back once they are used. */
export interface LentBuffer {
  bytes: Buffer;
  giveBack(): void;
}

/** Buffers are made in steps of this size, so that devices of near sizes share them. */
const STEP_BYTES = 16 * 1024 * 1024;

/**
 * Memory for the WebKit renderer's snapshots as they arrive, used again from one snapshot to
 * the next. A new buffer of tens of MB per snapshot counts as external memory to V8, whose
 * growth starts a collection of the service's whole heap each time: on IPHONE15 (1179 x
 * 16,383 px, 58 MB of pixels) the service spent 652 ms of CPU per capture with a new buffer
 * each time, 363 ms with one used again. At most `keep` buffers wait unused (one per
 * capture at a time is enough), and none after `idleMs` without a snapshot.
 */
export class SnapshotBuffers {
  private free: Buffer[] = [];
  private idle?: NodeJS.Timeout;

  constructor(
    private readonly keep = 2,
    private readonly idleMs = 30_000,
  ) {}

  /** `size` bytes: the smallest free buffer that holds them, or a new one. */
  lend(size: number): LentBuffer {
    const fits = this.free.filter((buffer) => buffer.length >= size);
    const buffer = fits.length
      ? fits.reduce((smallest, each) => (each.length < smallest.length ? each : smallest))
      : Buffer.allocUnsafe(Math.max(size, Math.ceil(size / STEP_BYTES) * STEP_BYTES));
    this.free = this.free.filter((each) => each !== buffer);
    let given = false;
    return {
      bytes: buffer.subarray(0, size),
      giveBack: () => {
        if (given) return;
        given = true;
        this.giveBack(buffer);
      },
    };
  }

  /** How many buffers wait unused (for tests). */
  get waiting(): number {
    return this.free.length;
  }

  private giveBack(buffer: Buffer): void {
    // The largest are kept: a smaller snapshot fits in them, not the other way round.
    this.free = [...this.free, buffer].sort((a, b) => b.length - a.length).slice(0, this.keep);
    clearTimeout(this.idle);
    this.idle = setTimeout(() => (this.free = []), this.idleMs).unref();
  }
}

/** The process's buffers, shared by every renderer's channel. */
export const snapshotBuffers = new SnapshotBuffers();
