import { Injectable } from '@nestjs/common';

/** Thumbnails wait at most this long for a pause in the renders (a busy grid, a prefetch). */
const LONGEST_WAIT_MS = 30_000;

/**
 * Renders before the work that follows them: a capture is answered once its full image is
 * stored, and its thumbnails (decoding and resizing up to 1170 x 9000 px) would otherwise run
 * beside the next capture's render on the same cores. Thumbnails start only while no render
 * of this process is under way, one at a time, or after LONGEST_WAIT_MS, or at once when
 * someone asks for one (the capture host). Written here rather than taken from a queue
 * library: p-queue and friends order tasks by priority but never hold one back while
 * other work of a different kind runs, which is the whole point.
 */
@Injectable()
export class RenderFirst {
  private renders = 0;
  /** Thumbnails under way: one at a time, unless asked for. */
  private running = 0;
  private readonly waiting: { start: () => void }[] = [];

  /** A render someone waits for: thumbnails hold back until it and the others have ended. */
  async render<T>(work: () => Promise<T>): Promise<T> {
    this.renders++;
    try {
      return await work();
    } finally {
      this.renders--;
      this.next();
    }
  }

  /** Runs `work` in a pause between renders; `now()` starts it whatever runs. */
  afterRenders<T>(work: () => Promise<T>): { result: Promise<T>; now: () => void } {
    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    let begun = false;
    const entry = {
      start: () => {
        if (begun) return;
        begun = true;
        clearTimeout(timer);
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        this.running++; // counted at once: the next call to next() must see it
        go();
      },
    };
    const timer = setTimeout(entry.start, LONGEST_WAIT_MS);
    timer.unref();
    this.waiting.push(entry);
    const result = started.then(work).finally(() => {
      this.running--;
      this.next();
    });
    this.next();
    return { result, now: entry.start };
  }

  private next(): void {
    if (this.renders === 0 && this.running === 0) this.waiting[0]?.start();
  }
}
