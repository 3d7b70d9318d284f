import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listProc, readProc } from '../../base/system/procfs';

/**
 * The environment variable every engine process carries (it is inherited by everything an
 * engine starts): `<service pid>:<its start time>`, which names the service process that
 * started it, however many times the pid is reused.
 */
export const ENGINE_MARKER = 'INSTANT_PREVIEW_ENGINE';

/** A run folder's name: this prefix, the marker (pid-start time), then mkdtemp's random suffix. */
export const RUN_FOLDER_PREFIX = 'ip-engines-';

/** This process's marker. */
export function ownMarker(): string {
  return `${process.pid}:${startTime(process.pid)}`;
}

/** A process's start time in clock ticks since boot (field 22 of its stat), or null. */
function startTime(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** Whether the service process a marker names is still running. */
function ownerAlive(marker: string): boolean {
  const [pid, started] = marker.split(':');
  return startTime(Number(pid)) === started;
}

/**
 * Ends every engine process whose service is gone, and removes its private folder. Engines
 * die with their jail and jails with the service (engine-jail.py), so this finds something
 * only when a jail itself was killed outright (kill -9 of a whole process group, the OOM
 * killer): its engine's helpers may then outlive it. Run at each start, before the first
 * engine. Reads the environment of every process this user may read (root: all).
 */
export function sweepOrphans(): number[] {
  const ended: number[] = [];
  for (const entry of listProc('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const environ = readProc(`/proc/${pid}/environ`);
    if (!environ) continue;
    const marker = environ
      .split('\0')
      .find((pair) => pair.startsWith(`${ENGINE_MARKER}=`))
      ?.slice(ENGINE_MARKER.length + 1);
    if (!marker || ownerAlive(marker)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      ended.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  for (const base of new Set([tmpdir(), '/tmp'])) {
    for (const name of listFolders(base)) {
      const owner = /^ip-engines-(\d+)-(\d+)-\w+$/.exec(name);
      if (!owner || ownerAlive(`${owner[1]}:${owner[2]}`)) continue;
      try {
        // Only a folder of this user's: another user's folder of that name is theirs alone.
        const found = lstatSync(join(base, name));
        if (!found.isDirectory() || found.uid !== process.getuid?.()) continue;
        rmSync(join(base, name), { recursive: true, force: true });
      } catch {
        // another user's: theirs to remove at their next start
      }
    }
  }
  return ended;
}

function listFolders(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
