import { Browser, BrowserContext, chromium } from 'playwright-core';
import { resolveChromiumPath } from './chromium-path';
import { Semaphore } from './semaphore';

/** Flags for a headless browser on a closed network, as root in a container. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-features=Translate,MediaRouter,OptimizationHints',
];

export interface BrowserPoolOptions {
  executablePath?: string;
  concurrency: number;
  /** Relaunch the browser after this many captures (memory growth, leaks). */
  recycleAfter: number;
}

export class BrowserCrashedError extends Error {}

interface Generation {
  browser: Promise<Browser>;
  uses: number;
  active: number;
  retired: boolean;
}

/**
 * One browser per process, a bounded number of captures at once, a fresh browser context
 * per capture. A crashed or disconnected browser fails the captures in flight and is
 * relaunched for the next; after `recycleAfter` captures a new browser takes over and the
 * old one closes once its captures finish.
 */
export class BrowserPool {
  private readonly slots: Semaphore;
  private current: Generation | null = null;
  private executablePath?: string;
  private closed = false;

  /** Nothing is launched (nor looked for) until the first capture: API processes in scale-out never render. */
  constructor(private readonly options: BrowserPoolOptions) {
    this.slots = new Semaphore(options.concurrency);
  }

  /** Runs `work` with a fresh, isolated context; the context is always closed afterwards. */
  async withContext<T>(
    contextOptions: Parameters<Browser['newContext']>[0],
    work: (context: BrowserContext) => Promise<T>,
  ): Promise<T> {
    const release = await this.slots.acquire();
    const generation = this.generation();
    generation.uses++;
    generation.active++;
    let context: BrowserContext | undefined;
    try {
      const browser = await generation.browser;
      context = await browser.newContext(contextOptions);
      return await work(context);
    } catch (error) {
      const browser = await generation.browser.catch(() => null);
      if (!browser?.isConnected()) {
        this.retire(generation);
        throw new BrowserCrashedError(
          `the browser stopped during the capture: ${(error as Error).message}`,
        );
      }
      throw error;
    } finally {
      await context?.close().catch(() => undefined);
      generation.active--;
      if (generation.uses >= this.options.recycleAfter) this.retire(generation);
      if (generation.retired && generation.active === 0) void this.closeGeneration(generation);
      release();
    }
  }

  /** Whether a browser is up now (readiness). */
  async connected(): Promise<boolean> {
    const browser = await this.current?.browser.catch(() => null);
    return Boolean(browser?.isConnected());
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.current) await this.closeGeneration(this.current);
    this.current = null;
  }

  private generation(): Generation {
    if (this.closed) throw new Error('the browser pool is closed');
    if (!this.current || this.current.retired) {
      this.executablePath ??= resolveChromiumPath(this.options.executablePath);
      const browser = chromium.launch({
        executablePath: this.executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      const generation: Generation = { browser, uses: 0, active: 0, retired: false };
      browser.then(
        (launched) => launched.on('disconnected', () => this.retire(generation)),
        () => this.retire(generation),
      );
      this.current = generation;
    }
    return this.current;
  }

  private retire(generation: Generation): void {
    generation.retired = true;
    if (this.current === generation) this.current = null;
  }

  private async closeGeneration(generation: Generation): Promise<void> {
    const browser = await generation.browser.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}
