import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process's facts read straight from Linux procfs (pidusage would spawn `ps`, a fork of
 * this whole process, 5-18 ms measured here, and the renderer watch asks 20 times a second).
 * Read synchronously: procfs answers from kernel memory and never waits on a disk, and the
 * promise API's open, fstat, read and close per file cost 14x the CPU (a walk of this
 * machine's 169 threads: 14.2 ms asynchronously, 1.0 ms synchronously; over a grid with
 * every engine the service's main thread spent about 10 s in them, issue 27).
 */

/** A procfs file's text; null once its process has gone. */
export function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null;
  }
}

/** A procfs folder's entries; empty once its process has gone. */
export function listProc(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

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
  const stat = readProc(`/proc/${pid}/stat`);
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

/**
 * The processes under `root` whose command name matches `name` (WebKitWebProcess, Firefox's
 * content processes): how the watch finds the renderers of engines that do not name them, from
 * each process's own list of children (`/proc/<pid>/task/<tid>/children`), not a walk of /proc.
 */
export async function descendantsNamed(
  root: number,
  name: RegExp,
  { childrenOnly = false } = {},
): Promise<number[]> {
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (childrenOnly && pid !== root) break;
    const lists = listProc(`/proc/${pid}/task`).map(
      (tid) => readProc(`/proc/${pid}/task/${tid}/children`) ?? '',
    );
    const children = lists.join(' ').split(/\s+/).filter(Boolean).map(Number);
    for (const child of children) {
      queue.push(child);
      const comm = readProc(`/proc/${child}/comm`) ?? '';
      if (name.test(comm.trim())) found.push(child);
    }
  }
  return found;
}

/**
 * CPU time of this process's image threads (libvips' workers and libuv's pool, where sharp
 * runs its pipelines), from /proc/self/task: what image work in between two readings used.
 */
export function imageThreadsCpuMs(): number {
  let ticks = 0;
  for (const tid of listProc('/proc/self/task')) {
    const stat = readProc(`/proc/self/task/${tid}/stat`);
    if (!stat) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!/libvips|libuv-worker/.test(name)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
