import { Browser, BrowserContext } from 'playwright-core';
import { resolveChromiumPath } from './chromium-path';
import { chromiumSettings } from './chromium-settings';
import { ContextOptions, contextSignature, openContext } from './open-context';
import { ParkedContexts } from '../parked-contexts';
import { WarmContexts } from '../warm-contexts';
import { RendererWatch } from '../renderer-watch';
import { BrowserRenderers } from './browser-renderers';
import { within } from '../../../base/system/deadline';
import { Slots } from '../../../base/system/slots';
import { BrowserLauncher } from './browser-launcher';
import { EngineJail } from '../../jail/jail';
import type { BrowserState, Engine, EngineOptions } from '../engine-port';
import { BrowserCrashedError, RenderDeadlineError, RenderMemoryError } from '../render-errors';

/** Chromium's pool: every engine's options (engine-port.ts) and the engine it runs as. */
export interface BrowserPoolOptions extends EngineOptions {
  /** The registered engine's name: its jail's (jail-chromium), and its home folders'. */
  engine?: Engine;
}

/** What a capture gets: a context of its own email, fresh or kept from its last capture. */
export interface ContextLease {
  context: BrowserContext;
  /** Kept from an earlier capture of the same email: its page is open and may be reused. */
  reused: boolean;
}

/** How long closing a stopped render's context may take before its browser is killed. */
const STOP_GRACE_MS = 5000;

interface Generation {
  browser: Promise<Browser>;
  /** Rejects when this browser goes away: some Playwright calls never settle then. */
  gone: Promise<never>;
  /** The launch finished and the browser answers. */
  up: boolean;
  uses: number;
  active: number;
  retired: boolean;
  renderers: BrowserRenderers;
}

/**
 * One browser per process, a bounded number of captures at once. Isolation is between
 * emails: a capture gets a fresh context, or one kept from an earlier capture of the same
 * email (`affinity`), never another email's. A crashed or disconnected browser fails the captures in flight and is
 * relaunched for the next; after `recycleAfter` captures a new browser takes over and the
 * old one closes once its captures finish.
 */
export class BrowserPool {
  private readonly slots: Slots;
  private current: Generation | null = null;
  private executablePath?: string;
  private closed = false;
  /** The last browser died unasked and no new one is up yet. */
  private crashed = false;
  /** Contexts in use: closed first on shutdown, which ends their renderers at once. */
  private readonly contexts = new Set<BrowserContext>();
  /** Browsers not closed yet: a retired one may still be rendering. */
  private readonly open = new Set<Generation>();
  private readonly watch: RendererWatch;
  private readonly parked: ParkedContexts<BrowserContext>;
  private readonly warm: WarmContexts<BrowserContext>;

  /** Nothing is launched (nor looked for) before `start` or the first capture: API processes in scale-out never render. */
  private readonly launcher: BrowserLauncher;

  constructor(private readonly options: BrowserPoolOptions) {
    this.slots = new Slots(options.concurrency);
    this.launcher = new BrowserLauncher(
      () => EngineJail.for(options.engineUser),
      options.sandbox ?? 'off',
      options.onSandboxOff,
      options.engine ?? 'chromium',
    );
    this.watch = new RendererWatch(
      { memoryMb: options.memoryMb ?? 0, yieldAfterCpuMs: options.yieldAfterCpuMs ?? 0 },
      // Browsers still launching have no renderers yet: the watch does not wait for them.
      async () => {
        const up = [...this.open].filter((generation) => generation.up);
        return (await Promise.all(up.map((generation) => generation.renderers.pids()))).flat();
      },
    );
    const idleMs = options.contextIdleMs ?? 0;
    this.parked = new ParkedContexts(idleMs > 0 ? options.concurrency * 2 : 0, idleMs);
    this.warm = new WarmContexts(options.warmContexts ? options.concurrency : 0);
  }

  /**
   * Runs `work` with a context of its own. With an `affinity` (the email), a context kept
   * from the same email's last capture with the same options (viewport and colour scheme
   * aside, which the page sets) may be handed out, and after a successful capture the
   * context is kept for the next; otherwise it is closed. A failed, stopped or crashed
   * render's context is always closed. The deadline counts from the moment a slot is held
   * (waiting for one does not count). Past it the context is closed at once, which ends its renderer process, and the slot
   * is freed; a context that will not close takes its browser down with it.
   */
  async withContext<T>(
    contextOptions: ContextOptions,
    deadlineMs: number,
    work: (lease: ContextLease) => Promise<T>,
    affinity?: string,
  ): Promise<T> {
    const signature = contextSignature(contextOptions);
    const key = affinity === undefined ? undefined : `${affinity}\n${signature}`;
    const release = await this.slots.acquire();
    const generation = this.generation();
    generation.uses++;
    generation.active++;
    const startedAt = Date.now();
    this.watch.start();
    let context: BrowserContext | undefined;
    let succeeded = false;
    let settled = false;
    try {
      const run = (async () => {
        const browser = await generation.browser;
        const kept = key === undefined ? undefined : this.parked.take(key, generation);
        const leased =
          kept ??
          (await this.warm.take(signature, generation)) ??
          (await openContext(browser, contextOptions));
        if (settled) {
          // The deadline passed while the context was opening: nobody will close it but us.
          await leased.close().catch(() => undefined);
          throw new RenderDeadlineError('the render was stopped before it started');
        }
        context = leased;
        this.contexts.add(context);
        return work({ context, reused: kept !== undefined });
      })();
      const result = await within(Promise.race([run, generation.gone]), deadlineMs, () => {
        throw new RenderDeadlineError(`the render took longer than ${deadlineMs} ms`);
      });
      succeeded = true;
      return result;
    } catch (error) {
      if (error instanceof RenderDeadlineError || error instanceof BrowserCrashedError) throw error;
      const killed = this.watch.killedSince(startedAt);
      if (killed) {
        throw new RenderMemoryError(
          `the render used ${killed.rssMb} MB, over its ${this.options.memoryMb} MB budget, and was stopped`,
        );
      }
      const browser = await generation.browser.catch(() => null);
      // A page closes a moment before its dying browser reports the disconnection.
      if (!browser?.isConnected() || (await settlesWithin(generation.gone, 200))) {
        this.retire(generation);
        throw new BrowserCrashedError(
          `the browser stopped during the capture: ${(error as Error).message}`,
        );
      }
      throw error;
    } finally {
      settled = true;
      if (context) {
        this.contexts.delete(context);
        if (succeeded && key !== undefined && !generation.retired && !this.closed) {
          const parked = context;
          this.parked.park(key, generation, parked, (drop) =>
            parked.pages()[0]?.once('crash', drop),
          );
        } else {
          await this.stop(context, generation);
        }
      }
      generation.active--;
      if (!generation.retired && !this.closed) {
        // The next capture with these options (another email's, say) finds one open.
        this.warm.prepare(signature, generation, async () =>
          openContext(await generation.browser, contextOptions, { withPage: true }),
        );
      }
      if (this.slots.inUse <= 1) this.watch.stop();
      if (generation.uses >= this.options.recycleAfter) this.retire(generation);
      if (generation.retired && generation.active === 0) void this.closeGeneration(generation);
      release();
    }
  }

  /** Launches the browser ahead of the first capture, a context for `contextOptions` open in it. */
  async start(contextOptions: ContextOptions): Promise<void> {
    const generation = this.generation();
    await generation.browser;
    if (generation.retired || this.closed) return;
    this.warm.prepare(contextSignature(contextOptions), generation, async () =>
      openContext(await generation.browser, contextOptions, { withPage: true }),
    );
  }

  /** Closes a context; one that does not close in time takes its browser down. */
  private async stop(context: BrowserContext, generation: Generation): Promise<void> {
    if (!(await settlesWithin(context.close(), STOP_GRACE_MS))) {
      // Playwright's close of a launched browser ends its processes, forcibly if needed.
      this.retire(generation);
      await this.closeGeneration(generation);
    }
  }

  /** What readiness reports: a crashed browser is down until its successor is up. */
  state(): BrowserState {
    if (this.closed) return 'down';
    if (this.current?.up) return 'up';
    if (this.crashed) return 'down';
    return this.current ? 'starting' : 'idle';
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.parked.dropAll(), this.warm.dropAll()]);
    await Promise.all([...this.contexts].map((context) => context.close().catch(() => undefined)));
    if (this.current) await this.closeGeneration(this.current);
    this.current = null;
  }

  private generation(): Generation {
    if (this.closed) throw new Error('the browser pool is closed');
    if (!this.current || this.current.retired) {
      this.executablePath ??= resolveChromiumPath(
        chromiumSettings(this.options.settings).CHROMIUM_PATH,
      );
      const browser = this.launcher.launch(this.executablePath);
      let markGone: (error: Error) => void = () => undefined;
      const gone = new Promise<never>((_, reject) => (markGone = reject));
      gone.catch(() => undefined);
      const generation: Generation = {
        browser,
        gone,
        up: false,
        uses: 0,
        active: 0,
        retired: false,
        renderers: new BrowserRenderers(browser),
      };
      this.open.add(generation);
      browser.then(
        (launched) => {
          generation.up = true;
          this.crashed = false;
          launched.on('disconnected', () => {
            markGone(new BrowserCrashedError('the browser stopped during the capture'));
            this.disconnected(generation);
          });
        },
        () => {
          this.crashed = true;
          this.open.delete(generation);
          this.retire(generation);
        },
      );
      this.current = generation;
    }
    return this.current;
  }

  /**
   * A browser that goes away unasked (killed, crashed) fails only the captures it held;
   * a successor is launched at once, so readiness is down only while it starts.
   */
  private disconnected(generation: Generation): void {
    generation.up = false;
    this.open.delete(generation);
    if (generation.retired || this.closed) return;
    this.crashed = true;
    this.retire(generation);
    this.options.onBrowserRestart?.();
    try {
      this.generation();
    } catch {
      // No browser to launch: the next capture reports why; readiness stays down.
    }
  }

  private retire(generation: Generation): void {
    generation.retired = true;
    if (this.current === generation) this.current = null;
    void this.parked.dropAll(generation);
    void this.warm.dropAll(generation);
  }

  private async closeGeneration(generation: Generation): Promise<void> {
    const browser = await generation.browser.catch(() => null);
    await browser?.close().catch(() => undefined);
    this.open.delete(generation);
  }
}

/** Whether `promise` settles, either way, within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = promise.then(
    () => true,
    () => true,
  );
  return within(settled, ms, () => false);
}
