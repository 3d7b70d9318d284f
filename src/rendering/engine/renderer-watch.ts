import { constants, setPriority } from 'node:os';
import { listProc, sampleProcess } from '../../base/system/procfs';

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

/** How often known renderers are sampled while captures run. */
const SAMPLE_MS = 50;
/** New renderers are asked for every this many samples. */
const DISCOVER_EVERY = 2;

/** The pids of the renderers now running, as their browsers report them. */
export type FindRenderers = () => Promise<number[]>;

/**
 * Watches every Chromium renderer of this process's browsers while captures run (the
 * browsers name them, `findRenderers`; their memory and CPU are read from procfs), for two
 * budgets:
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
  /** Renderers found so far; a pid that stops answering is forgotten. */
  private renderers: number[] = [];
  private samples = 0;
  private sampling = false;

  constructor(
    private readonly options: RendererWatchOptions,
    private readonly findRenderers: FindRenderers,
  ) {}

  start(): void {
    if (this.timer || process.platform !== 'linux') return;
    if (!this.options.memoryMb && !this.options.yieldAfterCpuMs) return;
    this.timer = setInterval(() => {
      if (this.sampling) return; // a slow walk of /proc: skip a beat rather than pile up
      this.sampling = true;
      void this.sample()
        .catch(() => undefined)
        .finally(() => (this.sampling = false));
    }, SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.samples = 0;
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
    if (this.samples++ % DISCOVER_EVERY === 0) this.renderers = await this.findRenderers();
    const samples = await Promise.all(this.renderers.map(sampleProcess));
    this.renderers = this.renderers.filter((_, index) => samples[index]);
    for (const pid of this.yielded) if (!this.renderers.includes(pid)) this.yielded.delete(pid);
    for (const sample of samples) {
      if (!sample) continue; // ended since it was found
      this.enforceMemory(sample.pid, sample.rssBytes);
      this.enforceCpu(sample.pid, sample.cpuMs);
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
    if (!limit) return;
    if (!this.yielded.has(pid) && cpuMs <= limit) return;
    // Demoted again at every sample, not once: Chromium sets its own threads' priorities
    // as their work changes (a compositor thread made display-critical, say), which would
    // undo a single demotion, and threads started later must yield too.
    demote(pid);
    this.yielded.add(pid);
  }
}

/** On Linux a priority belongs to a thread: the renderer's raster and compositor threads
 *  must yield as well as its main thread. */
function demote(pid: number): void {
  for (const thread of threadsOf(pid)) {
    try {
      setPriority(thread, constants.priority.PRIORITY_LOW);
    } catch {
      // already gone
    }
  }
}

function threadsOf(pid: number): number[] {
  return listProc(`/proc/${pid}/task`).map(Number);
}
