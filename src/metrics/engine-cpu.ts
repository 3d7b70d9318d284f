import { listProc, readProc } from '../common/procfs';

/** USER_HZ: the unit of CPU times in /proc/<pid>/stat, 100 on every Linux ABI. */
const TICKS_PER_SECOND = 100;

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
  async since(): Promise<Map<string, number>> {
    const used = new Map<string, number>();
    if (process.platform !== 'linux') return used;
    const { byPid } = await treeCpu(this.root);
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

/** CPU time of one process tree's members, by the command name of the root's child they descend from. */
export interface TreeCpu {
  /** pid → CPU of that process and of the children it has reaped (ms). */
  byPid: Map<number, { cpuMs: number; branch: string }>;
}

/**
 * Every process under `root`, each with its CPU time including its reaped children's
 * (cutime, cstime: a renderer that exited is counted in its browser), labelled by the
 * command name of the root's child it descends from (the browser or driver it belongs to).
 */
export async function treeCpu(root: number): Promise<TreeCpu> {
  const byPid = new Map<number, { cpuMs: number; branch: string }>();
  const queue: { pid: number; branch: string | null }[] = [{ pid: root, branch: null }];
  while (queue.length > 0) {
    const { pid, branch } = queue.shift()!;
    const lists = listProc(`/proc/${pid}/task`).map(
      (tid) => readProc(`/proc/${pid}/task/${tid}/children`) ?? '',
    );
    for (const child of lists.join(' ').split(/\s+/).filter(Boolean).map(Number)) {
      const stat = readProc(`/proc/${child}/stat`);
      if (!stat) continue; // gone meanwhile: its parent has its time once it reaps it
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
      const childBranch = branch ?? name;
      byPid.set(child, { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, branch: childBranch });
      queue.push({ pid: child, branch: childBranch });
    }
  }
  return { byPid };
}
