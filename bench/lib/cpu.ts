import { readStat, treeCpu } from '../../src/base/system/procfs';
import { engineOfProcess } from '../../src/platform/metrics/engine-cpu';

/** CPU-seconds of a process tree: the process (its reaped children too), and each engine's processes below it. */
export function cpuOfTree(pid: number): Record<string, number> {
  const own = readStat(`/proc/${pid}/stat`);
  const cpu: Record<string, number> = { process: own ? (own.cpuMs + own.reapedCpuMs) / 1000 : 0 };
  for (const { cpuMs, branch } of treeCpu(pid).values()) {
    const engine = engineOfProcess(branch);
    cpu[engine] = (cpu[engine] ?? 0) + cpuMs / 1000;
  }
  return cpu;
}

/** What a tree used between two readings, by part, and in all. */
export function cpuUsed(before: Record<string, number>, after: Record<string, number>) {
  const parts: Record<string, number> = {};
  for (const part of Object.keys(after)) parts[part] = after[part] - (before[part] ?? 0);
  const total = Object.values(parts).reduce((sum, seconds) => sum + seconds, 0);
  return { parts, total };
}

/** `process 12.3, chromium 40.1, webkit 3.2` */
export function describeParts(parts: Record<string, number>): string {
  return Object.entries(parts)
    .filter(([, seconds]) => seconds >= 0.05)
    .map(([part, seconds]) => `${part} ${seconds.toFixed(1)}`)
    .join(', ');
}
