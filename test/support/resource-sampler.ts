import pidtree from 'pidtree';
import pidusage from 'pidusage';

/** Peak resident memory (MB) of this process plus every process below it (the browser). */
export class MemorySampler {
  peakMb = 0;
  private running = false;
  private loop?: Promise<void>;

  /**
   * One sample at a time, `everyMs` after the last one ended: on a busy machine `ps` takes
   * longer than the interval, and samples started on a timer would pile up (each a process
   * and its pipes) until the test process runs out of descriptors.
   */
  start(everyMs = 100): this {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await this.sample();
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
    return this;
  }

  async stop(): Promise<number> {
    this.running = false;
    await this.loop;
    await this.sample();
    return this.peakMb;
  }

  private async sample(): Promise<void> {
    const pids = [process.pid, ...(await pidtree(process.pid).catch(() => [] as number[]))];
    const usage = await pidusage(pids).catch(() => ({}) as Record<string, pidusage.Status>);
    pidusage.clear();
    // A process that ended between listing and sampling has no status.
    const total = Object.values(usage).reduce((sum, status) => sum + (status?.memory ?? 0), 0);
    this.peakMb = Math.max(this.peakMb, Math.round(total / 1024 / 1024));
  }
}

/** The slowest answer (ms) of GET /health/live, sampled every 25 ms until stopped. */
export class HealthSampler {
  slowestMs = 0;
  /** Probes answered 200, and every other outcome (a status, or a connection error). */
  answered = 0;
  readonly failures: string[] = [];
  private running = true;
  private loop?: Promise<void>;

  constructor(private readonly url: string) {}

  start(): this {
    this.loop = (async () => {
      while (this.running) {
        const started = performance.now();
        await fetch(`${this.url}/health/live`).then(
          async (response) => {
            await response.arrayBuffer();
            if (response.status === 200) this.answered++;
            else this.failures.push(`status ${response.status}`);
          },
          (error: Error) => void this.failures.push(error.message),
        );
        this.slowestMs = Math.max(this.slowestMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    return this;
  }

  async stop(): Promise<number> {
    this.running = false;
    await this.loop;
    return this.slowestMs;
  }
}
