import { within } from '../../base/system/deadline';
import { BrowserCrashedError, RenderDeadlineError, RenderMemoryError } from './render-errors';
import type { RendererWatch } from './renderer-watch';

export interface CaptureGuards {
  deadlineMs: number;
  watch: RendererWatch;
  memoryMb: number;
  /** Why the engine went away during the capture, if it did (a crash, not this capture's fault). */
  lost: (error: Error) => Promise<string | undefined>;
}

/**
 * A capture under the engine host's rules: past the deadline it is abandoned (the host then
 * closes its context, which stops the render); a renderer the watch killed for its memory is
 * named as such; an engine that went away is a crash; anything else is the render's error.
 */
export async function guardedCapture<T>(guards: CaptureGuards, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  guards.watch.start();
  try {
    return await within(work(), guards.deadlineMs, () => {
      throw new RenderDeadlineError(`the render took longer than ${guards.deadlineMs} ms`);
    });
  } catch (error) {
    if (error instanceof RenderDeadlineError || error instanceof BrowserCrashedError) throw error;
    const killed = guards.watch.killedSince(startedAt);
    if (killed) {
      throw new RenderMemoryError(
        `the render used ${killed.rssMb} MB, over its ${guards.memoryMb} MB budget, and was stopped`,
      );
    }
    const lost = await guards.lost(error as Error);
    if (lost) throw new BrowserCrashedError(`${lost}: ${(error as Error).message}`);
    throw error;
  }
}
