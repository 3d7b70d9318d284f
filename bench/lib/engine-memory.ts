import { readFile } from 'node:fs/promises';
import { descendants } from '../../test/support/process-tree';

const ENGINE_PROCESSES = {
  chromium: /chrom/i,
  webkit: /WebKit|MiniBrowser|Xvfb/,
  gecko: /firefox/,
} as const;

async function pssKb(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/smaps_rollup`, 'latin1').catch(() => '');
  const match = /^Pss:\s+(\d+) kB/m.exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * Runs `work` and samples, every 200 ms, the proportional memory (PSS) of this process's
 * descendants that belong to `engine`: the peak, in MB.
 */
export async function peakEngineMemoryMb(
  engine: keyof typeof ENGINE_PROCESSES,
  work: () => Promise<unknown>,
): Promise<number> {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const pids = descendants().filter((info) => ENGINE_PROCESSES[engine].test(info.args));
      const total = (await Promise.all(pids.map((info) => pssKb(info.pid)))).reduce(
        (a, b) => a + b,
        0,
      );
      peak = Math.max(peak, total);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampling;
  }
  return Math.round(peak / 1024);
}
