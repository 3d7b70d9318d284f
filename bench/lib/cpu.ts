import { readFileSync } from 'node:fs';
import { engineOfProcess, treeCpu } from '../../src/metrics/engine-cpu';

/** A process's own CPU and its reaped children's, in seconds (USER_HZ 100). */
function ownCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) / 100;
}

/** CPU-seconds of a process tree: the process, and each engine's processes below it. */
export async function cpuOfTree(pid: number): Promise<Record<string, number>> {
  const cpu: Record<string, number> = { process: ownCpuSeconds(pid) };
  for (const { cpuMs, branch } of (await treeCpu(pid)).byPid.values()) {
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
