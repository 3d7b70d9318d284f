import { readdir, readFile } from 'node:fs/promises';

/**
 * Process facts read straight from Linux procfs. pidtree answers "which processes are
 * below this one" by spawning `ps`, a fork of this whole process (5-18 ms measured here)
 * on every call; the renderer watch asks many times a second, so it reads /proc itself,
 * asynchronously, and keeps the event loop free.
 */

/** USER_HZ: the unit of CPU times in /proc/<pid>/stat, 100 on every Linux ABI. */
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

export interface ProcessSample {
  pid: number;
  ppid: number;
  /** User plus system CPU time. */
  cpuMs: number;
  rssBytes: number;
}

/** One process's parent, CPU time and resident memory; null once it has gone. */
export async function sampleProcess(pid: number): Promise<ProcessSample | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => null);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
  return {
    pid,
    ppid: Number(fields[1]),
    cpuMs: (ticks * 1000) / TICKS_PER_SECOND,
    rssBytes: Number(fields[21]) * PAGE_BYTES, // rss in pages (field 24)
  };
}

/** Every process below `root`, at any depth. */
export async function descendants(root: number): Promise<number[]> {
  const pids = (await readdir('/proc').catch(() => [] as string[]))
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const samples = await Promise.all(pids.map(sampleProcess));
  const children = new Map<number, number[]>();
  for (const sample of samples) {
    if (!sample) continue;
    const siblings = children.get(sample.ppid) ?? [];
    siblings.push(sample.pid);
    children.set(sample.ppid, siblings);
  }
  const found: number[] = [];
  const pending = [root];
  while (pending.length) {
    for (const child of children.get(pending.pop()!) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** The process's command line, or '' once it has gone. */
export async function commandLine(pid: number): Promise<string> {
  return readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '');
}
