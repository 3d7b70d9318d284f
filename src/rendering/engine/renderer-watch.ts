import { readdirSync, readFileSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import pidtree from 'pidtree';
import pidusage from 'pidusage';

/** A renderer process ended for using more memory than the budget. */
export interface MemoryKill {
  pid: number;
  rssMb: number;
  at: number;
}

export interface RendererWatchOptions {
  /** A renderer using more resident memory is killed (0: no budget). */
  memoryMb: number;
  /** A renderer that has used more CPU time than this yields to the others (0: never). */
  yieldAfterCpuMs: number;
}

/** How often renderers are sampled while captures run. */
const SAMPLE_MS = 100;

/**
 * Watches every Chromium renderer below this process while captures run (pidtree +
 * pidusage), for two budgets:
 * - memory: a renderer past the budget is killed; its page crashes and only its own capture
 *   fails (the pool names the budget in that capture's error). Contexts never share a renderer.
 * - CPU: a renderer that has already burned `yieldAfterCpuMs` (an email with a huge blur,
 *   say) gets the lowest scheduling priority, so a normal capture started meanwhile is not
 *   slowed by it; the heavy render still runs on whatever CPU is left, up to its deadline.
 */
export class RendererWatch {
  private timer?: NodeJS.Timeout;
  private readonly kills: MemoryKill[] = [];
  private readonly yielded = new Set<number>();

  constructor(private readonly options: RendererWatchOptions) {}

  start(): void {
    if (this.timer || process.platform !== 'linux') return;
    if (!this.options.memoryMb && !this.options.yieldAfterCpuMs) return;
    this.timer = setInterval(() => void this.sample().catch(() => undefined), SAMPLE_MS);
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

  /** Renderers currently demoted for their CPU use. */
  get yieldedPids(): number[] {
    return [...this.yielded];
  }

  private async sample(): Promise<void> {
    const renderers = (await pidtree(process.pid).catch(() => [] as number[])).filter(isRenderer);
    for (const pid of this.yielded) if (!renderers.includes(pid)) this.yielded.delete(pid);
    if (renderers.length === 0) return;
    const usage = await pidusage(renderers).catch(() => ({}) as Record<string, pidusage.Status>);
    pidusage.clear(); // renderers come and go: keep no history of them
    for (const [pid, status] of Object.entries(usage)) {
      if (!status) continue; // ended between listing and sampling
      this.enforceMemory(Number(pid), status.memory);
      this.enforceCpu(Number(pid), status.ctime);
    }
  }

  private enforceMemory(pid: number, bytes: number): void {
    const rssMb = Math.round(bytes / 1024 / 1024);
    if (!this.options.memoryMb || rssMb <= this.options.memoryMb) return;
    try {
      process.kill(pid, 'SIGKILL');
      this.kills.push({ pid, rssMb, at: Date.now() });
      if (this.kills.length > 100) this.kills.shift();
    } catch {
      // already gone
    }
  }

  private enforceCpu(pid: number, cpuMs: number): void {
    const limit = this.options.yieldAfterCpuMs;
    if (!limit || cpuMs <= limit || this.yielded.has(pid)) return;
    // On Linux a priority belongs to a thread: the renderer's raster and compositor
    // threads must yield as well as its main thread.
    for (const thread of threadsOf(pid)) {
      try {
        setPriority(thread, constants.priority.PRIORITY_LOW);
      } catch {
        // already gone
      }
    }
    this.yielded.add(pid);
  }
}

function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

function isRenderer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer');
  } catch {
    return false;
  }
}
