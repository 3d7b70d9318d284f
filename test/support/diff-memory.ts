import { readFileSync } from 'node:fs';
import { ImageDiffer } from '../../src/domain/comparisons/image-differ';

/**
 * Run as its own process (`node -r ts-node/register/transpile-only diff-memory.ts base head
 * small`): compares two PNGs as the API does (ImageDiffer, in its worker thread) and prints,
 * as JSON, the diff and this process's resident memory in bytes: its peak over the
 * comparison, and what it holds once it has answered, both above what it held before (the thread
 * warmed up by comparing `small` with itself).
 */
async function main(): Promise<void> {
  const [base, head, small] = process.argv.slice(2).map((path) => readFileSync(path));
  const differ = new ImageDiffer();
  await differ.diff(small, small);
  const before = process.memoryUsage().rss;
  const diff = await differ.diff(base, head);
  const peak = process.resourceUsage().maxRSS * 1024;
  const after = process.memoryUsage().rss;
  await differ.onModuleDestroy();
  process.stdout.write(
    JSON.stringify({
      changedPixels: diff.changedPixels,
      width: diff.width,
      height: diff.height,
      pngBytes: diff.png.length,
      peakAbove: peak - before,
      afterAbove: after - before,
    }),
  );
}

void main();
