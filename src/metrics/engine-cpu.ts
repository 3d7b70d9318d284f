import { treeCpu } from '../common/procfs';

/** The engine a browser or driver process belongs to, by its command name. */
export function engineOfProcess(name: string): string {
  if (/chrom|headless/i.test(name)) return 'chromium';
  if (/webkit|minibrowser/i.test(name)) return 'webkit';
  if (/gecko|firefox/i.test(name)) return 'gecko';
  if (/xvfb/i.test(name)) return 'display';
  return 'other';
}

/**
 * CPU the engines' processes used, by engine: each process under this one is read at every
 * scrape and what it used since the last is added (a browser that ended is counted up to
 * the scrape before; its renderers that ended, in full, through its reaped-children time).
 * Linux only (procfs); elsewhere nothing is counted.
 */
export class EngineCpu {
  private readonly last = new Map<number, number>();

  constructor(private readonly root = process.pid) {}

  /** CPU-seconds used by each engine since the last call. */
  since(): Map<string, number> {
    const used = new Map<string, number>();
    if (process.platform !== 'linux') return used;
    const byPid = treeCpu(this.root);
    for (const [pid, { cpuMs, branch }] of byPid) {
      const before = this.last.get(pid) ?? 0;
      const engine = engineOfProcess(branch);
      used.set(engine, (used.get(engine) ?? 0) + Math.max(0, cpuMs - before) / 1000);
    }
    for (const pid of this.last.keys()) if (!byPid.has(pid)) this.last.delete(pid);
    for (const [pid, { cpuMs }] of byPid) this.last.set(pid, cpuMs);
    return used;
  }
}
