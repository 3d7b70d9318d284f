import type { ChildProcess } from 'node:child_process';

/** Resolves once `url` answers over HTTP (any status); fails if `child` exits first. */
export async function waitForHttp(url: string, child: ChildProcess, attempts = 150): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}
