import { Slots } from '../../../common/slots';
import { MAX_DEVICE_HEIGHT, PageCapture } from '../capture-page';
import { MARKER_COOKIE } from '../context-router';
import type { EngineCapture } from '../engine-port';
import { asWebDriverScript, measurePage, nextFrames, settlePage } from '../page-scripts';
import { descendantsNamed, readStat } from '../../../common/procfs';
import { PROXIED_DOCUMENT_URL, StoredCopyProxy } from '../proxy/stored-copy-proxy';
import { WebDriverClient } from './webdriver-client';
import type { WebKitDriver } from './webkit-driver';

/** WebKitWebProcess and MiniBrowser, as /proc/<pid>/comm names them. */
const WEB_PROCESS = /^WebKitWebProces$/;
const BROWSER_PROCESS = /^MiniBrowser$/;

/** What WebKitWebDriver says when the page's web process or the session's browser went away. */
const PAGE_CRASH = /page crash|invalid session id|no such window|session not created/;

/**
 * One new session at a time in this process: MiniBrowsers started at the same moment on two
 * drivers now and then never answer (measured: one of ten captures two at a time waited for
 * the 20 s session bound), as Firefox discards contexts created at once (ENGINES.md).
 */
const SESSION_STARTS = new Slots(1);

/** How often a session's browser is checked for life while a command runs. */
const CRASH_LOOKOUT_MS = 200;

/**
 * Whether any of `pids` has ended: gone, or dead and not yet reaped by its parent (a killed
 * MiniBrowser stays a zombie of WebKitWebDriver until the driver notices, which it may not).
 */
async function anyGone(pids: Iterable<number>): Promise<boolean> {
  return [...pids].some((pid) => {
    const state = readStat(`/proc/${pid}/stat`)?.state ?? 'gone';
    return state === 'gone' || state === 'Z' || state === 'X';
  });
}

export interface SessionSettings {
  browser: string;
  dark: boolean;
  sandbox: boolean;
}

/**
 * One MiniBrowser session on a driver, with its own StoredCopyProxy as its only way out: an
 * ephemeral data store that serves one email, for one capture or, kept, for that email's next
 * captures at the same scale and colour scheme (never another email's).
 */
export class WebKitSession {
  private id?: string;
  private abort = new AbortController();
  /** This session's browser (the driver's child) and web processes, once seen. */
  private readonly browsers = new Set<number>();
  private readonly webProcesses = new Set<number>();
  private readonly earlier: Set<number>;
  private lookout?: NodeJS.Timeout;
  /** Set once the session's processes were looked for after it opened (its browser was up). */
  private lookedAfterOpening = false;

  private constructor(
    readonly driver: WebKitDriver,
    private readonly proxy: StoredCopyProxy,
    earlier: number[],
  ) {
    this.earlier = new Set(earlier);
  }

  /** A session about to open on `driver`; the last session's processes may still be leaving. */
  static async on(driver: WebKitDriver): Promise<WebKitSession> {
    const [proxy, earlier] = await Promise.all([
      StoredCopyProxy.open(),
      descendantsNamed(driver.pid, /^(MiniBrowser|WebKitWebProces)$/),
    ]);
    return new WebKitSession(driver, proxy, earlier);
  }

  /** Stops a command under way at once (the deadline). */
  stop(): void {
    this.abort.abort();
    this.driver.stop();
  }

  /** Why a failed command failed, if the browser went away under it. */
  async lost(error: Error): Promise<string | undefined> {
    if (!this.id) return 'WebKit did not open a session';
    if (PAGE_CRASH.test(error.message) || (await this.browserGone()))
      return 'WebKit (MiniBrowser or its web process) stopped during the capture';
    return undefined;
  }

  /**
   * Whether the session's browser or a web process it had has ended. An open session whose
   * browser was never seen lost it before it could be looked at: a MiniBrowser killed while
   * its session opened is reaped before the session's first look (measured by CI, where the
   * command then failed with the driver's own error, not named a crash).
   */
  private async browserGone(): Promise<boolean> {
    if (this.lookedAfterOpening && this.browsers.size === 0) return true;
    if (await anyGone([...this.browsers, ...this.webProcesses])) return true;
    // No browser of this session running now, whichever pid was taken for it: gone too
    // (CI saw a killed session's command fail with every pid it had noted still alive).
    const running = await descendantsNamed(this.driver.pid, BROWSER_PROCESS, {
      childrenOnly: true,
    });
    const alive = await Promise.all(
      running.filter((pid) => !this.earlier.has(pid)).map(async (pid) => !(await anyGone([pid]))),
    );
    return this.lookedAfterOpening && !alive.includes(true);
  }

  async draw(
    { html, images, settings }: EngineCapture,
    options: SessionSettings,
  ): Promise<PageCapture> {
    this.abort = new AbortController();
    const client = new WebDriverClient(this.driver.url, this.abort.signal);
    this.watchBrowser();
    try {
      const capture = this.proxy.serve(html, images);
      const session = this.id ?? (await this.open(client, options));
      const { width } = settings;
      if (this.driver.chromeHeight === undefined) {
        // MiniBrowser's toolbar is part of the window: measured once per driver.
        await client.setWindowSize(session, width, settings.viewport.height);
        const inner = await client.execute<number>(session, 'return window.innerHeight;');
        // Kept only when it makes sense: a window the desktop kept taller than asked (a
        // minimum size) reads as negative chrome, which would ask for a negative height
        // later (seen once: "window/rect: invalid argument Invalid height value").
        if (Number.isFinite(inner) && inner <= settings.viewport.height)
          this.driver.chromeHeight = settings.viewport.height - inner;
      }
      const chrome = this.driver.chromeHeight ?? 0;
      await client.setWindowSize(session, width, settings.viewport.height + chrome);
      await client.navigate(session, PROXIED_DOCUMENT_URL);
      await client.executeAsync(session, asWebDriverScript(settlePage, true));
      const measured = await client.execute<ReturnType<typeof measurePage>>(
        session,
        asWebDriverScript(measurePage),
        [{ fitWidth: settings.fitToWidth ? width : null, cookie: MARKER_COOKIE }],
      );
      const contentHeight = Math.ceil(measured.height);
      const maxHeight = Math.floor(MAX_DEVICE_HEIGHT / settings.scale);
      const height = Math.max(1, Math.min(contentHeight, maxHeight));
      // No full-page screenshot in WebDriver: the window becomes as tall as the email.
      await client.setWindowSize(session, width, height + chrome);
      await client.executeAsync(session, asWebDriverScript(nextFrames, true));
      const png = await client.screenshot(session);
      return {
        png,
        width,
        height,
        contentHeight,
        truncated: contentHeight > height,
        blockedRequests: capture.blockedRequests,
        contextMarker: measured.marker,
        textSamples: measured.texts,
      };
    } finally {
      clearInterval(this.lookout);
    }
  }

  /** Opens the session ahead of its first capture (a warm session: never used yet). */
  async start(options: SessionSettings): Promise<void> {
    const client = new WebDriverClient(this.driver.url, this.abort.signal);
    this.watchBrowser();
    try {
      await this.open(client, options);
    } finally {
      clearInterval(this.lookout);
    }
  }

  /** Ends the session (its MiniBrowser) and its proxy; the driver stays for another. */
  async close(): Promise<void> {
    clearInterval(this.lookout);
    if (this.id) {
      const client = new WebDriverClient(this.driver.url, AbortSignal.timeout(5000));
      await client.deleteSession(this.id).catch(() => this.driver.stop());
    }
    await this.proxy.close();
  }

  private async open(client: WebDriverClient, options: SessionSettings): Promise<string> {
    const release = await SESSION_STARTS.acquire();
    try {
      return await this.openNow(client, options);
    } finally {
      release();
    }
  }

  private async openNow(client: WebDriverClient, options: SessionSettings): Promise<string> {
    const args = ['--automation', '--enable-javascript-markup=false', '--autoplay-policy=deny'];
    if (options.dark) args.push('--dark-mode');
    if (options.sandbox) args.push('--enable-sandbox');
    const session = await client.newSession({
      'webkitgtk:browserOptions': { binary: options.browser, args },
      proxy: { proxyType: 'manual', httpProxy: this.proxy.address, sslProxy: this.proxy.address },
      pageLoadStrategy: 'normal',
    });
    this.id = session.id;
    // Known at once, not at the lookout's next beat: a browser killed now is a crash.
    await this.noteProcesses();
    this.lookedAfterOpening = true;
    return session.id;
  }

  /**
   * WebKitWebDriver does not notice its browser dying: a command would wait for the deadline.
   * On this beat the session's processes are found, and a browser that has gone aborts the
   * command under way at once. Only the driver's own child is the browser (a fork of it about
   * to become a helper is not); a web process may end in a healthy session (WebKit swaps
   * processes on navigation), so its end only explains a command that failed.
   */
  private watchBrowser(): void {
    this.lookout = setInterval(() => {
      void (async () => {
        if (await anyGone(this.browsers)) return this.abort.abort();
        await this.noteProcesses();
        if (this.lookedAfterOpening && this.browsers.size === 0) this.abort.abort();
      })();
    }, CRASH_LOOKOUT_MS);
  }

  /** The session's browser and web processes found now (kept: their end is a crash). */
  private async noteProcesses(): Promise<void> {
    const ours = (pids: number[]) => pids.filter((pid) => !this.earlier.has(pid));
    const pid = this.driver.pid;
    const browsers = await descendantsNamed(pid, BROWSER_PROCESS, { childrenOnly: true });
    for (const found of ours(browsers)) this.browsers.add(found);
    for (const found of ours(await descendantsNamed(pid, WEB_PROCESS)))
      this.webProcesses.add(found);
  }

  /** Its web processes now (the memory watch). */
  webProcessPids(): Promise<number[]> {
    return descendantsNamed(this.driver.pid, WEB_PROCESS);
  }
}
