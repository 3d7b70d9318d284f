import { Slots } from '../../../common/slots';
import type { BrowserState } from '../browser-pool';
import type { PageCapture } from '../capture-page';
import type { EngineAdapter, EngineCapture } from '../engine-port';
import { guardedCapture } from '../guarded-capture';
import { RendererWatch } from '../renderer-watch';
import { WebKitDriver } from './webkit-driver';
import type { WebKitInstall } from './webkit-install';
import { WebKitSession } from './webkit-session';
import { XvfbDisplay } from './xvfb-display';

export interface WebKitEngineOptions {
  install: WebKitInstall;
  concurrency: number;
  memoryMb: number;
  yieldAfterCpuMs: number;
  /** How long a session waits for its email's next capture (0: a new session each time). */
  idleMs: number;
  /** Keep a fresh session open ahead of demand, per scale and scheme (RENDER_WARM_CONTEXTS). */
  warm: boolean;
  /** WebKitGTK's bubblewrap sandbox for its web processes. */
  sandbox: boolean;
  onRestart?: () => void;
}

/** A session kept for its email's next capture at the same scale and colour scheme. */
interface Parked {
  session: WebKitSession;
  timer: NodeJS.Timeout;
}

/**
 * Apple's engine as WebKitGTK draws it: MiniBrowser driven by WebKitWebDriver on the
 * service's own Xvfb display. A capture gets a new WebDriver session, so a new MiniBrowser
 * with an ephemeral data store, or the session its email's last capture used (`affinity`,
 * kept `idleMs`): nothing is ever shared between emails. Scripts in the email's markup are
 * off (`enable-javascript-markup`); the automation world still measures the page. A session's
 * only proxy is its StoredCopyProxy.
 */
export class WebKitEngine implements EngineAdapter {
  readonly name = 'webkit' as const;
  private readonly slots: Slots;
  private readonly display: XvfbDisplay;
  private readonly idle: WebKitDriver[] = [];
  private readonly busy = new Set<WebKitSession>();
  private readonly parked = new Map<string, Parked>();
  /** One fresh session per scale and colour scheme, opened ahead of the next capture. */
  private readonly warm = new Map<string, Promise<WebKitSession | null>>();
  private readonly watch: RendererWatch;
  private started = false;
  private failedToStart = false;
  private closed = false;

  constructor(private readonly options: WebKitEngineOptions) {
    this.slots = new Slots(options.concurrency);
    this.display = new XvfbDisplay(options.install.xvfb, () => {
      this.stopAll();
      options.onRestart?.();
      // Back up at once: readiness is down only while the display restarts.
      void this.display.ready().catch(() => undefined);
    });
    this.watch = new RendererWatch(
      { memoryMb: options.memoryMb, yieldAfterCpuMs: options.yieldAfterCpuMs },
      async () =>
        (await Promise.all([...this.busy].map((session) => session.webProcessPids()))).flat(),
    );
  }

  state(): BrowserState {
    if (this.closed || this.display.lost || this.failedToStart) return 'down';
    if (!this.started) return 'idle';
    return this.display.up ? 'up' : 'down';
  }

  async capture(job: EngineCapture, affinity?: string): Promise<PageCapture> {
    if (this.closed) throw new Error('the WebKit engine is closed');
    const release = await this.slots.acquire();
    this.started = true;
    const { scale, colorScheme } = job.settings;
    const key =
      affinity !== undefined && this.options.idleMs > 0
        ? `${affinity}\n${scale}\n${colorScheme}`
        : undefined;
    let session: WebKitSession | undefined;
    let healthy = false;
    try {
      session =
        (key && this.unpark(key)) ||
        (await this.takeWarm(scale, colorScheme)) ||
        (await this.newSession(scale));
      const current = session;
      this.busy.add(current);
      const result = await guardedCapture(
        {
          deadlineMs: job.settings.timeoutMs,
          watch: this.watch,
          memoryMb: this.options.memoryMb,
          stop: async () => current.stop(),
          engineLost: async (error) =>
            this.display.up ? current.lost(error) : 'the display WebKit draws on went away',
        },
        () => current.draw(job, this.sessionSettings(colorScheme === 'dark')),
      );
      healthy = true;
      return result;
    } finally {
      if (session) this.busy.delete(session);
      if (this.busy.size === 0) this.watch.stop();
      if (session) await this.finish(session, healthy ? key : undefined, healthy);
      // The next capture at this scale and scheme (any email's) finds a fresh session open.
      if (this.options.warm && !this.closed) this.prepareWarm(scale, colorScheme);
      release();
    }
  }

  /** After a capture: kept for its email, or closed and its driver made idle (or stopped). */
  private async finish(session: WebKitSession, key: string | undefined, healthy: boolean) {
    const alive = healthy && session.driver.alive() && !this.closed;
    if (alive && key !== undefined && !this.parked.has(key)) {
      this.park(key, session);
      return;
    }
    await session.close();
    if (alive) this.idle.push(session.driver);
    else session.driver.stop();
    this.trimIdle();
  }

  private park(key: string, session: WebKitSession): void {
    // Each kept session holds a driver and a MiniBrowser: at most two per slot.
    if (this.parked.size >= this.options.concurrency * 2) {
      const [oldest] = this.parked.keys();
      void this.release(oldest);
    }
    const timer = setTimeout(() => void this.release(key), this.options.idleMs);
    timer.unref();
    this.parked.set(key, { session, timer });
  }

  private unpark(key: string): WebKitSession | undefined {
    const parked = this.parked.get(key);
    if (!parked) return undefined;
    this.parked.delete(key);
    clearTimeout(parked.timer);
    return parked.session.driver.alive() ? parked.session : undefined;
  }

  /** A kept session no one came back for: closed, its driver idle again. */
  private async release(key: string): Promise<void> {
    const session = this.unpark(key);
    if (!session) return;
    await session.close();
    if (this.closed) session.driver.stop();
    else {
      this.idle.push(session.driver);
      this.trimIdle();
    }
  }

  private async takeWarm(scale: number, scheme: string): Promise<WebKitSession | undefined> {
    const key = `${scale}\n${scheme}`;
    const warm = this.warm.get(key);
    if (!warm) return undefined;
    this.warm.delete(key);
    const session = await warm;
    if (session?.driver.alive()) return session;
    session?.driver.stop();
    return undefined;
  }

  private prepareWarm(scale: number, scheme: string): void {
    const key = `${scale}\n${scheme}`;
    if (this.warm.has(key)) return;
    const opening = (async () => {
      const session = await this.newSession(scale);
      try {
        await session.start(this.sessionSettings(scheme === 'dark'));
        return session;
      } catch {
        session.driver.stop();
        await session.close();
        return null;
      }
    })().catch(() => null);
    this.warm.set(key, opening);
  }

  private sessionSettings(dark: boolean) {
    return { browser: this.options.install.browser, dark, sandbox: this.options.sandbox };
  }

  private async newSession(scale: number): Promise<WebKitSession> {
    try {
      const session = await WebKitSession.on(await this.driverFor(scale));
      this.failedToStart = false;
      return session;
    } catch (error) {
      // Readiness is down until a driver starts again.
      this.failedToStart = true;
      throw error;
    }
  }

  /** An idle driver of this scale (GDK_SCALE is the process's), or a new one. */
  private async driverFor(scale: number): Promise<WebKitDriver> {
    const index = this.idle.findIndex((driver) => driver.scale === scale && driver.alive());
    if (index >= 0) return this.idle.splice(index, 1)[0];
    return WebKitDriver.start(await this.display.ready(), scale, this.options.install.driver);
  }

  /** At most one idle driver per slot: the oldest go. */
  private trimIdle(): void {
    while (this.idle.length > this.options.concurrency) this.idle.shift()?.stop();
  }

  private stopAll(): void {
    for (const warm of this.warm.values()) void warm.then((session) => session?.driver.stop());
    this.warm.clear();
    for (const driver of this.idle) driver.stop();
    this.idle.length = 0;
    for (const { session, timer } of this.parked.values()) {
      clearTimeout(timer);
      session.driver.stop();
    }
    this.parked.clear();
    for (const session of this.busy) session.driver.stop();
  }

  async close(): Promise<void> {
    this.closed = true;
    const warm = await Promise.all(this.warm.values());
    this.warm.clear();
    for (const session of warm) session?.driver.stop();
    this.stopAll();
    this.display.close();
  }
}
