import { within } from '../../base/system/deadline';
import { BrowserCrashedError, RenderDeadlineError, RenderMemoryError } from './render-errors';
import type { RendererWatch } from './renderer-watch';

export interface CaptureGuards {
  deadlineMs: number;
  watch: RendererWatch;
  memoryMb: number;
  /** Ends the render at once (kills its session, or leaves it to the caller's cleanup). */
  stop: () => Promise<void>;
  /** Why the engine went away during the capture, if it did (a crash, not this capture's fault). */
  engineLost: (error: Error) => Promise<string | undefined> | string | undefined;
}

/**
 * Runs an engine's capture under the same rules as Chromium's (browser-pool.ts): past the
 * deadline the render is stopped, not abandoned; a renderer the watch killed for its memory is
 * named as such; an engine that went away is a crash; anything else is the render's error.
 */
export async function guardedCapture<T>(guards: CaptureGuards, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  guards.watch.start();
  try {
    return await within(work(), guards.deadlineMs, () => {
      void guards.stop();
      throw new RenderDeadlineError(`the render took longer than ${guards.deadlineMs} ms`);
    });
  } catch (error) {
    if (error instanceof RenderDeadlineError) throw error;
    const killed = guards.watch.killedSince(startedAt);
    if (killed) {
      throw new RenderMemoryError(
        `the render used ${killed.rssMb} MB, over its ${guards.memoryMb} MB budget, and was stopped`,
      );
    }
    const lost = await guards.engineLost(error as Error);
    if (lost) throw new BrowserCrashedError(`${lost}: ${(error as Error).message}`);
    throw error;
  }
}
