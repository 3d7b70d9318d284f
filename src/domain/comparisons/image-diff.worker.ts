import { threadEntry } from '../../base/threads/budgeted-thread-pool';
import { diffImages, ImageDiff } from './image-diff';

export interface DiffTask {
  base: Uint8Array;
  head: Uint8Array;
}

/** The worker-thread entry piscina loads: one diff per call, off the event loop. */
export default threadEntry((task: DiffTask): Promise<ImageDiff> =>
  diffImages(Buffer.from(task.base), Buffer.from(task.head)),
);
