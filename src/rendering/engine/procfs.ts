import { readdir, readFile } from 'node:fs/promises';

/**
 * A process's facts read straight from Linux procfs (pidusage would spawn `ps`, a fork of
 * this whole process, 5-18 ms measured here, and the renderer watch asks 20 times a second),
 * asynchronously, keeping the event loop free.
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
    const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
    const lists = await Promise.all(
      tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'latin1').catch(() => '')),
    );
    const children = lists.join(' ').split(/\s+/).filter(Boolean).map(Number);
    for (const child of children) {
      queue.push(child);
      const comm = await readFile(`/proc/${child}/comm`, 'latin1').catch(() => '');
      if (name.test(comm.trim())) found.push(child);
    }
  }
  return found;
}
