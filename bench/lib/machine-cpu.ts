import { readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc/stat, 100 on every Linux architecture the service runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU-seconds the whole machine has been busy since boot, from /proc/stat's aggregate line:
 * every state but idle and iowait, summed over the cores. Read before and after a run, it is
 * what the run cost the machine, whoever spent it: the check on the service's own figure.
 */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const [, ...fields] = line.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + (steal ?? 0)) / TICKS_PER_SECOND;
}
