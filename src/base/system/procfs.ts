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

/** The fields of a `/proc/<pid>/stat` (or `/proc/<pid>/task/<tid>/stat`) this code reads. */
export interface ProcStat {
  /** The command name (comm). */
  name: string;
  /** R, S, D, Z (a zombie not yet reaped), X... */
  state: string;
  ppid: number;
  /** User plus system CPU time. */
  cpuMs: number;
  /** CPU time of the children it has reaped (a renderer that exited, in its browser). */
  reapedCpuMs: number;
  rssBytes: number;
}

/** A stat file's fields; null once its process (or thread) has gone. */
export function readStat(path: string): ProcStat | null {
  const stat = readProc(path);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: fields start after the last ')'.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  const ms = (...indexes: number[]) =>
    (indexes.reduce((sum, index) => sum + Number(fields[index]), 0) * 1000) / TICKS_PER_SECOND;
  return {
    name: stat.slice(stat.indexOf('(') + 1, close),
    state: fields[0],
    ppid: Number(fields[1]),
    cpuMs: ms(11, 12), // utime, stime (fields 14, 15)
    reapedCpuMs: ms(13, 14), // cutime, cstime (fields 16, 17)
    rssBytes: Number(fields[21]) * PAGE_BYTES, // rss in pages (field 24)
  };
}

/** One process's parent, CPU time and resident memory; null once it has gone. */
export async function sampleProcess(pid: number): Promise<ProcessSample | null> {
  const stat = readStat(`/proc/${pid}/stat`);
  return stat && { pid, ppid: stat.ppid, cpuMs: stat.cpuMs, rssBytes: stat.rssBytes };
}

/** Every process's parent, and its children, as a pass over /proc found them. */
interface ProcessTable {
  children: Map<number, number[]>;
  parents: Map<number, number>;
  at: number;
}

/**
 * How long one pass over /proc answers every caller. The watches of each engine and the
 * metrics all ask for the tree several times a second; measured over a grid, passes that
 * read every process's stat on the machine (several hundred) took a quarter of the
 * service's CPU. A process younger than this may be missed by one look; the next finds it.
 */
const TABLE_TTL_MS = 100;
let table: ProcessTable | undefined;

/**
 * Every process's children, from a pass over /proc: each process's parent is in its stat.
 * Not the `children` files of /proc/<pid>/task/<tid>: kernels built without
 * CONFIG_PROC_CHILDREN (this machine's, measured) have none, and a walk that reads them
 * finds no process at all there. Only what may have changed is read again: a process not
 * seen before, and one whose parent has gone (re-parented to its subreaper). A pid seen in
 * both passes is the same process: Linux hands pids out in turn, and comes back to one only
 * after every other (pid_max, millions) was handed out. Names are not kept: a process's
 * name changes when it execs, so callers read it fresh.
 */
function processTable(): ProcessTable {
  const now = performance.now();
  if (table && now - table.at < TABLE_TTL_MS) return table;
  const listed = new Set<number>();
  for (const entry of listProc('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid)) listed.add(pid);
  }
  const children = new Map<number, number[]>();
  const parents = new Map<number, number>();
  for (const pid of listed) {
    let ppid = table?.parents.get(pid);
    if (ppid === undefined || (ppid !== 0 && !listed.has(ppid))) {
      const stat = readStat(`/proc/${pid}/stat`);
      if (!stat) continue; // gone meanwhile
      ppid = stat.ppid;
    }
    parents.set(pid, ppid);
    const siblings = children.get(ppid);
    if (siblings) siblings.push(pid);
    else children.set(ppid, [pid]);
  }
  table = { children, parents, at: now };
  return table;
}

/** Every process under `roots` (one pid or several), nearest first. */
export function descendants(roots: number | number[]): number[] {
  const { children } = processTable();
  const found: number[] = [];
  const queue = Array.isArray(roots) ? [...roots] : [roots];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The processes under `roots` whose command name matches `name` (WebKit's web processes,
 * Firefox's content processes): how the watch finds the renderers of engines that do not
 * name them.
 */
export function descendantsNamed(roots: number | number[], name: RegExp): number[] {
  return descendants(roots).filter((pid) =>
    name.test((readProc(`/proc/${pid}/comm`) ?? '').trim()),
  );
}

/**
 * Every process under `root` with its CPU time, its reaped children's included, labelled by
 * the command name of the root's child it descends from (the browser or driver it belongs to)
 * and that child's pid.
 */
export function treeCpu(
  root: number,
): Map<number, { cpuMs: number; branch: string; branchPid: number }> {
  const byParent = processTable().children;
  const byPid = new Map<number, { cpuMs: number; branch: string; branchPid: number }>();
  const queue: { pid: number; top: { name: string; pid: number } | null }[] = [
    { pid: root, top: null },
  ];
  while (queue.length > 0) {
    const { pid, top } = queue.shift()!;
    for (const child of byParent.get(pid) ?? []) {
      const stat = readStat(`/proc/${child}/stat`);
      if (!stat) continue; // gone meanwhile: its parent has its time once it reaps it
      const branch = top ?? { name: stat.name, pid: child };
      byPid.set(child, {
        cpuMs: stat.cpuMs + stat.reapedCpuMs,
        branch: branch.name,
        branchPid: branch.pid,
      });
      queue.push({ pid: child, top: branch });
    }
  }
  return byPid;
}

/**
 * CPU time of this process's image threads (libvips' workers and libuv's pool, where sharp
 * runs its pipelines), from /proc/self/task: what image work in between two readings used.
 */
export function imageThreadsCpuMs(): number {
  let cpuMs = 0;
  for (const tid of listProc('/proc/self/task')) {
    const stat = readStat(`/proc/self/task/${tid}/stat`);
    if (stat && /libvips|libuv-worker/.test(stat.name)) cpuMs += stat.cpuMs;
  }
  return cpuMs;
}
