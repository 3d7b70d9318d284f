import type { ChildProcess } from 'node:child_process';

/**
 * Helper processes that must not outlive the service: Xvfb and WebKitWebDriver (in a process
 * group of its own, with its MiniBrowser) are not the service's browser children that
 * Playwright or puppeteer end, and a process that exits without closing its renderer (a test
 * runner's forced exit, `process.exit`) would leave them running. Killed on 'exit', which runs
 * on every exit but a SIGKILL.
 */
const children = new Set<{ process: ChildProcess; group: boolean }>();

process.on('exit', () => {
  for (const { process: child, group } of children) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    try {
      process.kill(group ? -child.pid : child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Ends `child` (its whole group, if it leads one) when this process exits. */
export function reapOnExit(child: ChildProcess, { group = false } = {}): void {
  const entry = { process: child, group };
  children.add(entry);
  child.once('exit', () => children.delete(entry));
}
