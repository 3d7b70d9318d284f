import type { Browser, BrowserContext } from 'puppeteer-core';
import { Slots } from '../../../base/system/slots';
import { within } from '../../../base/system/deadline';
import type { BrowserState } from '../engine-port';
import { captureSequence } from '../capture-sequence';
import type { EngineAdapter, EngineCapture, LikelySettings, PageCapture } from '../engine-port';
import { guardedCapture } from '../guarded-capture';
import type { EngineJail } from '../../jail/jail';
import { BrowserCrashedError } from '../render-errors';
import { RendererWatch } from '../renderer-watch';
import type { GeckoInstall } from './gecko-install';
import { endFirefox, launchFirefox, LaunchedFirefox } from './gecko-launch';
import { GeckoPage } from './gecko-page';
import { CONTENT_PROCESS, contentSandbox } from './content-processes';
import { descendantsNamed } from '../../../base/system/procfs';
import { firefoxPrefs } from './firefox-prefs';

export interface GeckoEngineOptions {
  install: GeckoInstall;
  jail: EngineJail;
  concurrency: number;
  memoryMb: number;
  yieldAfterCpuMs: number;
  onRestart?: () => void;
  /** Keep a fresh context open ahead of demand, per colour scheme (RENDER_WARM_CONTEXTS). */
  warm: boolean;
  /** Told once whether Firefox's content sandbox (seccomp) holds its content processes. */
  onSandbox?: (state: string) => void;
}

type Scheme = 'light' | 'dark';

/** What Firefox says of a tab whose content process went away. */
const TAB_LOST = /DiscardedBrowsingContext|no such frame|Target closed|Connection closed|crashed/i;
/** A context whose creation Firefox discarded is created again, up to this many times. */
const CREATE_ATTEMPTS = 3;

/** How long closing a stopped render's context may take before its browser is killed. */
const STOP_GRACE_MS = 5000;

/** A fresh user context and its page: opened for one capture, or ahead of it. */
interface Opened {
  page: GeckoPage;
  running: Running;
}

interface Running {
  browser: Promise<Browser>;
  instance?: LaunchedFirefox;
  up: boolean;
  pid?: number;
}

/**
 * Gecko as Firefox ESR draws it, in the engine jail, driven over WebDriver BiDi by
 * puppeteer-core (Playwright cannot drive a stock Firefox). A new BiDi user context per
 * capture, its requests intercepted (gecko-page.ts), closed after it: nothing is shared
 * between emails. Context creation is serialized: created four at once, 5-10 % fail
 * (docs/engines.md#measurements).
 */
export class GeckoEngine implements EngineAdapter {
  private readonly slots: Slots;
  private readonly creating = new Slots(1);
  private readonly browsers = new Map<Scheme, Running>();
  private readonly watch: RendererWatch;
  private readonly active = new Set<BrowserContext>();
  private crashed = false;
  private sandboxReported = false;
  /** One fresh context per colour scheme, opened ahead of the next capture (never used yet). */
  private readonly warm = new Map<Scheme, Promise<Opened | null>>();
  private closed = false;

  constructor(private readonly options: GeckoEngineOptions) {
    this.slots = new Slots(options.concurrency);
    this.watch = new RendererWatch(
      { memoryMb: options.memoryMb, yieldAfterCpuMs: options.yieldAfterCpuMs },
      async () =>
        descendantsNamed(
          [...this.browsers.values()]
            .filter((running) => running.up && running.pid !== undefined)
            .map((running) => running.pid as number),
          CONTENT_PROCESS,
        ),
    );
  }

  state(): BrowserState {
    if (this.closed) return 'down';
    const running = [...this.browsers.values()];
    if (this.crashed) return 'down';
    if (running.length === 0) return 'idle';
    // Up once every browser is (one per colour scheme, both launched at warm-up).
    return running.every((each) => each.up) ? 'up' : 'starting';
  }

  /** A Firefox for each colour scheme the devices use launched, a fresh context open in each. */
  async start(devices: readonly LikelySettings[]): Promise<void> {
    const schemes = new Set(devices.map((device) => device.colorScheme));
    await Promise.all(
      [...schemes].map(async (scheme) => {
        const running = this.browserFor(scheme);
        await running.browser;
        if (this.options.warm && !this.closed && running.up) this.prepareWarm(scheme, running);
      }),
    );
  }

  async capture(job: EngineCapture): Promise<PageCapture> {
    if (this.closed) throw new Error('the Gecko engine is closed');
    const release = await this.slots.acquire();
    const scheme = job.settings.colorScheme;
    const running = this.browserFor(scheme);
    let opened: Opened | undefined;
    let lost: string | undefined;
    try {
      // A Firefox killed while it starts is a crash as much as one killed during a capture.
      const browser = await running.browser.catch((error: Error) => {
        throw new BrowserCrashedError(`Firefox stopped while it started: ${error.message}`);
      });
      const onGone = () => (lost = 'Firefox stopped during the capture');
      browser.once('disconnected', onGone);
      try {
        return await guardedCapture(
          {
            deadlineMs: job.settings.timeoutMs,
            watch: this.watch,
            memoryMb: this.options.memoryMb,
            // The finally below closes the context, within its grace.
            stop: async () => undefined,
            engineLost: (error) =>
              lost ??
              (TAB_LOST.test(error.message)
                ? "Firefox's content process stopped during the capture"
                : undefined),
          },
          async () => {
            opened = (await this.takeWarm(scheme, running)) ?? (await this.open(running));
            await opened.page.prepare(job.settings);
            return captureSequence(opened.page, job.html, job.images, job.settings);
          },
        );
      } finally {
        browser.off('disconnected', onGone);
      }
    } catch (error) {
      if (error instanceof BrowserCrashedError) this.replace(scheme, running);
      throw error;
    } finally {
      if (this.slots.inUse <= 1) this.watch.stop();
      if (opened) await this.discard(opened);
      // The next capture in this scheme (any email's) finds a fresh context open.
      if (this.options.warm && !this.closed && running.up) this.prepareWarm(scheme, running);
      release();
    }
  }

  /** The context opened ahead for this scheme, if it is of the browser running now. */
  private async takeWarm(scheme: Scheme, running: Running): Promise<Opened | undefined> {
    const warm = this.warm.get(scheme);
    if (!warm) return undefined;
    this.warm.delete(scheme);
    const opened = await warm;
    if (opened && opened.running === running && running.up) return opened;
    if (opened) await this.discard(opened);
    return undefined;
  }

  private prepareWarm(scheme: Scheme, running: Running): void {
    if (this.warm.has(scheme)) return;
    const opening = this.open(running).catch(() => null);
    this.warm.set(scheme, opening);
  }

  /** A capture's context closed: nothing of it is kept. */
  private async discard(opened: Opened): Promise<void> {
    this.active.delete(opened.page.context);
    await this.closeContext(opened.page.context, opened.running);
  }

  /**
   * Closes a capture's context, which ends its page; one that does not close within the grace
   * (a stopped render still burning its content process) takes its browser down with it.
   */
  private async closeContext(context: BrowserContext, running: Running): Promise<void> {
    const closing = context.close().then(
      () => true,
      () => true,
    );
    if (await within(closing, STOP_GRACE_MS, () => false)) return;
    running.instance?.process.kill('SIGKILL');
  }

  /**
   * A new user context and its page, one creation at a time. Firefox discards a browsing
   * context being created now and then (docs/engines.md#gecko; and always the first after a
   * content process died): that creation alone is tried again, in a new context.
   */
  private async open(running: Running): Promise<Opened> {
    const browser = await running.browser;
    for (let attempt = 1; ; attempt++) {
      const release = await this.creating.acquire();
      let context: BrowserContext | undefined;
      try {
        context = await browser.createBrowserContext();
        this.active.add(context);
        return { page: await GeckoPage.open(context), running };
      } catch (error) {
        if (context) {
          this.active.delete(context);
          await context.close().catch(() => undefined);
        }
        if (attempt >= CREATE_ATTEMPTS || !TAB_LOST.test((error as Error).message)) throw error;
      } finally {
        release();
      }
    }
  }

  /** The browser for a colour scheme, launched on first use and again after it went away. */
  private browserFor(scheme: Scheme): Running {
    const existing = this.browsers.get(scheme);
    if (existing) return existing;
    const launching = this.launch(scheme);
    const running: Running = { browser: launching.then((launched) => launched.browser), up: false };
    this.browsers.set(scheme, running);
    launching.then(
      (launched) => {
        running.up = true;
        running.instance = launched;
        running.pid = launched.pid;
        this.crashed = false;
        if (!this.sandboxReported) void this.reportSandbox(launched.pid);
        launched.browser.once('disconnected', () => {
          running.up = false;
          if (this.closed) return;
          this.options.onRestart?.();
          this.replace(scheme, running);
        });
      },
      () => {
        this.crashed = true;
        if (this.browsers.get(scheme) === running) this.browsers.delete(scheme);
      },
    );
    return running;
  }

  /** Firefox's content sandbox, as its first content process shows it (none yet: the next launch). */
  private reportSandbox(pid: number): void {
    const state = contentSandbox(pid);
    if (state === undefined) return;
    this.sandboxReported = true;
    this.options.onSandbox?.(state);
  }

  /**
   * A browser that went away is replaced at once, whichever noticed first: its disconnection,
   * or a capture whose connection closed (which comes a moment before); readiness is down
   * until the successor is up.
   */
  private replace(scheme: Scheme, running: Running): void {
    if (this.closed || this.browsers.get(scheme) !== running) return; // replaced already
    this.browsers.delete(scheme);
    running.up = false;
    running.instance?.process.kill('SIGKILL');
    this.crashed = true;
    this.browserFor(scheme);
  }

  private launches = 0;

  private launch(scheme: Scheme): Promise<LaunchedFirefox> {
    const name = `gecko-${scheme}-${++this.launches}`;
    return launchFirefox(this.options.jail, this.options.install, name, firefoxPrefs(scheme));
  }

  /**
   * Ends every Firefox by its jail, which ends its content processes too. Contexts are not
   * closed one by one first: Firefox answers nothing while a content process is still busy
   * with a render stopped at its deadline, and the close would wait on it for ever.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const warm of this.warm.values()) warm.catch(() => undefined);
    this.warm.clear();
    this.active.clear();
    const running = [...this.browsers.values()];
    this.browsers.clear();
    await Promise.all(running.map((each) => each.browser.catch(() => null)));
    await Promise.all(running.map(({ instance }) => endFirefox(instance)));
  }
}
