import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { join } from 'node:path';
import {
  BudgetedThreadPool,
  unavailableWhenOverBudget,
} from '../../base/threads/budgeted-thread-pool';
import type { ImageDiff } from './image-diff';
import type { DiffTask } from './image-diff.worker';

/** Two captures at the engines' height limit are 150 MB of pixels: well within a minute. */
const DIFF_BUDGET = { threads: 1, timeoutMs: 60_000, memoryMb: 512 };

/**
 * Pixel diffs in a worker thread: pixelmatch walks every pixel in JavaScript (about 50 ms
 * for a 800 x 3,000 px capture), which on the event loop would hold every other request.
 * One thread: renders need the cores more, and a comparison's clients queue here.
 */
@Injectable()
export class ImageDiffer implements OnModuleDestroy {
  private readonly pool = new BudgetedThreadPool(
    join(__dirname, 'image-diff.worker'),
    DIFF_BUDGET,
    'comparing the two images',
  );

  async diff(base: Buffer, head: Buffer): Promise<ImageDiff> {
    const task: DiffTask = { base, head };
    const diff = await this.pool.run<ImageDiff>(task).catch((error: unknown) => {
      throw unavailableWhenOverBudget(error, DIFF_BUDGET.timeoutMs);
    });
    return { ...diff, png: Buffer.from(diff.png) };
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.close();
  }
}
