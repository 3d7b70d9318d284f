import { treeCpu } from '../../base/system/procfs';
import { ENGINE_REGISTRY, ENGINES } from '../../rendering/engine/engine-registry';

/**
 * The engine a process belongs to, by its command name: the service's engines, and spamd,
 * each run below a jail named after it (jail-webkit, jail-spamd); an engine started without
 * one (the benches' bare engines) is known by its programs' names.
 */
export function engineOfProcess(name: string): string {
  const jailed = /^jail-(.+)$/.exec(name)?.[1];
  if (jailed && (ENGINES.includes(jailed) || jailed === 'spamd')) return jailed;
  const bare = ENGINE_REGISTRY.find((engine) => engine.processNames.test(name));
  if (bare) return bare.name;
  if (/xvfb/i.test(name)) return 'display';
  return 'other';
}

/**
 * CPU the engines' processes used, by engine. At each scrape every live process below this
 * one is read, its own time plus what it reaped (a process that ended is in its reaper's
 * reaped time, once), and summed per branch (a child of this process: an engine's jail, with
 * everything below it): a running total per branch, of which the scrape adds what it grew
 * by. The jail reaps everything below it (a subreaper), so nothing its engine started
 * escapes. (Adding each process's own growth instead would count a process twice: while it
 * lived, and again in its reaper's time.) A branch that ended is dropped: what it used after
 * the scrape before is in this process's own reaped time. Linux only (procfs).
 */
export class EngineCpu {
  private last = new Map<number, number>();

  constructor(private readonly root = process.pid) {}

  /** CPU-seconds used by each engine since the last call. */
  since(): Map<string, number> {
    const used = new Map<string, number>();
    if (process.platform !== 'linux') return used;
    const branches = new Map<number, { engine: string; cpuMs: number }>();
    for (const { cpuMs, branch, branchPid } of treeCpu(this.root).values()) {
      const total = branches.get(branchPid);
      if (total) total.cpuMs += cpuMs;
      else branches.set(branchPid, { engine: engineOfProcess(branch), cpuMs });
    }
    for (const [pid, { engine, cpuMs }] of branches) {
      const grown = Math.max(0, cpuMs - (this.last.get(pid) ?? 0)) / 1000;
      used.set(engine, (used.get(engine) ?? 0) + grown);
    }
    this.last = new Map([...branches].map(([pid, { cpuMs }]) => [pid, cpuMs]));
    return used;
  }
}
