import { readFile } from 'node:fs/promises';
import { treeCpu } from '../../src/base/system/procfs';
import { engineOfProcess } from '../../src/platform/metrics/engine-cpu';

async function pssKb(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/smaps_rollup`, 'latin1').catch(() => '');
  const match = /^Pss:\s+(\d+) kB/m.exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * Runs `work` and samples, every 200 ms, the proportional memory (PSS) of this process's
 * descendants that belong to `engine` (everything below its jail, its display included, as
 * the service's accounting files them): the peak, in MB.
 */
export async function peakEngineMemoryMb(
  engine: string,
  work: () => Promise<unknown>,
): Promise<number> {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const pids = [...treeCpu(process.pid)]
        .filter(([, { branch }]) => engineOfProcess(branch) === engine)
        .map(([pid]) => pid);
      const total = (await Promise.all(pids.map(pssKb))).reduce((a, b) => a + b, 0);
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
