import { readFileSync } from 'node:fs';
import pidtree from 'pidtree';
import pidusage from 'pidusage';

/** A renderer process ended for using more memory than the budget. */
export interface MemoryKill {
  pid: number;
  rssMb: number;
  at: number;
}

/** How often renderer memory is sampled while captures run. */
const SAMPLE_MS = 200;

/**
 * The memory budget of a render: while captures run, the resident memory of every
 * Chromium renderer below this process is sampled (pidtree + pidusage), and a renderer
 * past the budget is killed. Its page then crashes and only its own capture fails; the
 * pool names the budget in that capture's error. Contexts never share a renderer.
 */
export class MemoryWatch {
  private timer?: NodeJS.Timeout;
  private readonly kills: MemoryKill[] = [];

  constructor(private readonly budgetMb: number) {}

  start(): void {
    if (this.timer || process.platform !== 'linux') return;
    this.timer = setInterval(() => void this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A kill since `since` (epoch ms), if the watch made one. */
  killedSince(since: number): MemoryKill | undefined {
    return this.kills.find((kill) => kill.at >= since);
  }

  private async sample(): Promise<void> {
    const renderers = (await pidtree(process.pid).catch(() => [] as number[])).filter(isRenderer);
    if (renderers.length === 0) return;
    const usage = await pidusage(renderers).catch(() => ({}) as Record<string, pidusage.Status>);
    pidusage.clear(); // renderers come and go: keep no history of them
    for (const [pid, status] of Object.entries(usage)) {
      const rssMb = Math.round(status.memory / 1024 / 1024);
      if (rssMb <= this.budgetMb) continue;
      try {
        process.kill(Number(pid), 'SIGKILL');
        this.kills.push({ pid: Number(pid), rssMb, at: Date.now() });
        if (this.kills.length > 100) this.kills.shift();
      } catch {
        // already gone
      }
    }
  }
}

function isRenderer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer');
  } catch {
    return false;
  }
}
