import { within } from '../../../base/system/deadline';
import { descendantsNamed } from '../../../base/system/procfs';
import { Slots } from '../../../base/system/slots';
import type { BrowserState } from '../engine-port';
import { captureSequence } from '../capture-sequence';
import { MARKER_COOKIE } from '../context-router';
import type { EngineAdapter, EngineCapture, LikelySettings, PageCapture } from '../engine-port';
import { guardedCapture } from '../guarded-capture';
import type { EngineJail } from '../../jail/jail';
import { ParkedContexts } from '../parked-contexts';
import { BrowserCrashedError } from '../render-errors';
import { RendererWatch } from '../renderer-watch';
import { WarmContexts } from '../warm-contexts';
import { RendererRequestError } from './renderer-channel';
import { RendererProcess } from './renderer-process';
import type { WebKitInstall } from './webkit-install';
import { WebKitPage } from './webkit-page';

export interface WebKitEngineOptions {
  install: WebKitInstall;
  jail: EngineJail;
  concurrency: number;
  memoryMb: number;
  yieldAfterCpuMs: number;
  /** How long a page waits for its email's next capture (0: a new one each time). */
  idleMs: number;
  /** Keep a fresh page (its web process started) open ahead of demand (RENDER_WARM_CONTEXTS). */
  warm: boolean;
  /** WebKit's bubblewrap sandbox around each web process. */
  sandbox: boolean;
  onRestart?: () => void;
}

/** WebKit's web processes, as /proc/<pid>/comm names them. */
const WEB_PROCESS = /^WebKitWebProces$/;

/** How long closing a stopped render's page may take before its renderer is ended. */
const STOP_GRACE_MS = 5000;

interface Running {
  renderer: Promise<RendererProcess>;
  instance?: RendererProcess;
}

/**
 * Apple's engine as WebKitGTK draws it: resident renderers (webkit-renderer.py), one per
 * device scale and colour scheme, started on first use in the engine jail, each capture in a
 * web view of its own email (a new one, or the one its email's last capture used, `affinity`,
 * kept `idleMs`): nothing is ever shared between emails. A renderer that goes away fails the
 * captures it held and is started again at once; readiness is down meanwhile.
 */
export class WebKitEngine implements EngineAdapter {
  private readonly slots: Slots;
  private readonly running = new Map<string, Running>();
  private readonly parked: ParkedContexts<WebKitPage>;
  private readonly warm: WarmContexts<WebKitPage>;
  private readonly watch: RendererWatch;
  private started = false;
  /** A renderer went away unasked at least once. */
  private restarted = false;
  private failed = false;
  private closed = false;

  constructor(private readonly options: WebKitEngineOptions) {
    this.slots = new Slots(options.concurrency);
    this.parked = new ParkedContexts(
      options.idleMs > 0 ? options.concurrency * 2 : 0,
      options.idleMs,
    );
    this.warm = new WarmContexts(options.warm ? options.concurrency : 0);
    this.watch = new RendererWatch(
      { memoryMb: options.memoryMb, yieldAfterCpuMs: options.yieldAfterCpuMs },
      async () =>
        descendantsNamed(
          [...this.running.values()]
            .filter((running) => running.instance?.alive)
            .map((running) => running.instance!.pid),
          WEB_PROCESS,
        ),
    );
  }

  state(): BrowserState {
    if (this.closed || this.failed) return 'down';
    if (!this.started) return 'idle';
    const all = [...this.running.values()];
    if (all.every((running) => running.instance?.alive)) return 'up';
    // A renderer lost after it ran, or its replacement starting, is down; renderers not up
    // yet for the first time (several at once at warm-up) are starting.
    const lost = all.some((running) => running.instance && !running.instance.alive);
    return lost || this.restarted ? 'down' : 'starting';
  }

  /**
   * A renderer for each device scale and colour scheme the devices use started, each with a
   * fresh page (its web process) open at the viewport of the likeliest device it draws.
   */
  async start(devices: readonly LikelySettings[]): Promise<void> {
    const likeliest = new Map<string, LikelySettings>();
    for (const device of devices) {
      const signature = `${device.scale}\n${device.colorScheme}`;
      if (!likeliest.has(signature)) likeliest.set(signature, device);
    }
    await Promise.all(
      [...likeliest].map(async ([signature, { scale, colorScheme, viewport }]) => {
        const renderer = await this.rendererFor(scale, colorScheme);
        if (this.options.warm && !this.closed)
          this.warm.prepare(signature, renderer, () =>
            WebKitPage.open(renderer, viewport, { warm: true }),
          );
      }),
    );
  }

  async capture(job: EngineCapture, affinity?: string): Promise<PageCapture> {
    if (this.closed) throw new Error('the WebKit engine is closed');
    const release = await this.slots.acquire();
    const { scale, colorScheme, viewport } = job.settings;
    const signature = `${scale}\n${colorScheme}`;
    const key =
      affinity !== undefined && this.options.idleMs > 0 ? `${affinity}\n${signature}` : undefined;
    let page: WebKitPage | undefined;
    let renderer: RendererProcess | undefined;
    let healthy = false;
    try {
      // A renderer killed while it starts is a crash as much as one killed during a capture.
      renderer = await this.rendererFor(scale, colorScheme).catch((error: Error) => {
        throw new BrowserCrashedError(
          `WebKit's renderer stopped while it started: ${error.message}`,
        );
      });
      const owner = renderer;
      const result = await guardedCapture(
        {
          deadlineMs: job.settings.timeoutMs,
          watch: this.watch,
          memoryMb: this.options.memoryMb,
          stop: async () => {
            const closing = page?.close() ?? Promise.resolve();
            if (
              !(await within(
                closing.then(() => true),
                STOP_GRACE_MS,
                () => false,
              ))
            )
              owner.kill();
          },
          engineLost: (error) => {
            if (!owner.alive) return "WebKit's renderer stopped during the capture";
            if (error instanceof RendererRequestError && error.crash)
              return "WebKit's web process stopped during the capture";
            return undefined;
          },
        },
        async () => {
          page =
            (key && this.parked.take(key, owner)) ||
            (await this.warm.take(signature, owner)) ||
            (await WebKitPage.open(owner, viewport));
          await page.resize(viewport);
          return captureSequence(page, job.html, job.images, job.settings);
        },
      );
      healthy = true;
      return result;
    } finally {
      if (this.slots.inUse <= 1) this.watch.stop();
      if (page) {
        if (healthy && key !== undefined && renderer?.alive && !this.closed)
          this.parked.park(key, renderer, page);
        else await page.close();
      }
      if (this.options.warm && renderer?.alive && !this.closed) {
        const owner = renderer;
        this.warm.prepare(signature, owner, () => WebKitPage.open(owner, viewport, { warm: true }));
      }
      release();
    }
  }

  /** The renderer for a scale and scheme: started on first use, and again after it went away. */
  private async rendererFor(scale: number, scheme: 'light' | 'dark'): Promise<RendererProcess> {
    const key = `${scale}-${scheme}`;
    let running = this.running.get(key);
    if (!running) {
      running = this.launch(key, scale, scheme);
      this.running.set(key, running);
    }
    return running.renderer;
  }

  private launch(key: string, scale: number, scheme: 'light' | 'dark'): Running {
    this.started = true;
    const running: Running = {
      renderer: RendererProcess.start(
        this.options.jail,
        this.options.install,
        {
          scale,
          dark: scheme === 'dark',
          sandbox: this.options.sandbox,
          markerCookie: MARKER_COOKIE,
        },
        `webkit-${key}`,
      ),
    };
    running.renderer.then(
      (renderer) => {
        running.instance = renderer;
        this.failed = false;
        void renderer.exited().then(() => this.lost(key, running));
      },
      () => {
        // Readiness is down until a renderer starts again; the next capture tries.
        this.failed = true;
        if (this.running.get(key) === running) this.running.delete(key);
      },
    );
    running.renderer.catch(() => undefined);
    return running;
  }

  /** A renderer that went away unasked is replaced at once. */
  private lost(key: string, running: Running): void {
    if (this.closed || this.running.get(key) !== running) return;
    void this.parked.dropAll(running.instance);
    void this.warm.dropAll(running.instance);
    this.restarted = true;
    this.options.onRestart?.();
    const [scale, scheme] = key.split('-');
    this.running.set(key, this.launch(key, Number(scale), scheme as 'light' | 'dark'));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.parked.dropAll(), this.warm.dropAll()]);
    const renderers = await Promise.all(
      [...this.running.values()].map((running) => running.renderer.catch(() => null)),
    );
    this.running.clear();
    for (const renderer of renderers) renderer?.kill();
    await Promise.all(renderers.map((renderer) => renderer?.exited()));
  }
}
