import { settlesWithin } from '../../base/system/deadline';
import { Slots } from '../../base/system/slots';
import type { EngineDriver } from './engine-driver';
import type { BrowserState, EngineAdapter, EngineCapture, EngineOptions } from './engine-port';
import type { LikelySettings, PageCapture } from './engine-port';
import type { Instance } from './engine-instance';
import { guardedCapture } from './guarded-capture';
import { Closable, ParkedContexts } from './parked-contexts';
import { BrowserCrashedError, RenderDeadlineError } from './render-errors';
import { RendererWatch } from './renderer-watch';
import { WarmContexts } from './warm-contexts';

/** What the host is told of and bounded by: every engine's options (engine-port.ts). */
export type HostOptions = Omit<EngineOptions, 'settings' | 'engineUser' | 'sandbox'>;

/** How long closing a stopped render's context may take before its instance is ended. */
const STOP_GRACE_MS = 5000;
/** A context closes a moment before its dying instance is reported gone. */
const GONE_SETTLES_MS = 200;
/**
 * A part lost (Firefox's tab) is often the first sign of the whole instance going, whose exit
 * a loaded machine reports seconds later: waited for, so no capture is handed a dead instance.
 */
const PART_LOST_GRACE_MS = 3000;

/**
 * Every engine's lifecycle, written once (docs/architecture.md#engines-and-the-engine-port):
 * a bounded number of captures at once, each under the same guard (deadline, memory budget,
 * an instance lost named a crash), in a context of its own email (fresh, opened ahead, or kept
 * from the same email's last capture, `affinity`, never another email's). An instance that goes
 * away unasked fails only the captures it held and is relaunched at once, readiness down
 * meanwhile; after `recycleAfter` captures a new one takes over and the old one ends once its
 * captures finish. The engine supplies the primitives (engine-driver.ts).
 */
export class EngineHost<I, C extends Closable> implements EngineAdapter {
  private readonly slots: Slots;
  private readonly watch: RendererWatch;
  private readonly parked: ParkedContexts<C>;
  private readonly warm: WarmContexts<C>;
  /** The instance handing out contexts, by key. */
  private readonly current = new Map<string, Instance<I>>();
  /** Every instance not ended yet: a retired one may still be capturing. */
  private readonly running = new Set<Instance<I>>();
  /** The last launch failed, or an instance went away unasked, and no successor is up yet. */
  private crashed = false;
  private closed = false;

  constructor(
    private readonly driver: EngineDriver<I, C>,
    private readonly options: HostOptions,
  ) {
    this.slots = new Slots(options.concurrency);
    const idleMs = options.contextIdleMs ?? 0;
    this.parked = new ParkedContexts(idleMs > 0 ? options.concurrency * 2 : 0, idleMs);
    this.warm = new WarmContexts(options.warmContexts ? options.concurrency : 0);
    this.watch = new RendererWatch(
      { memoryMb: options.memoryMb ?? 0, yieldAfterCpuMs: options.yieldAfterCpuMs ?? 0 },
      // Instances still launching have no renderers yet: the watch does not wait for them.
      async () => {
        const up = [...this.running].filter((instance) => instance.up);
        return driver.renderers(await Promise.all(up.map((instance) => instance.launched)));
      },
    );
  }

  /**
   * Launches an instance for each key the devices use (`devices` likeliest first), and opens
   * a context ahead in each for the likeliest device it draws: no capture waits for a launch.
   */
  async start(devices: readonly LikelySettings[]): Promise<void> {
    const likeliest = new Map<string, LikelySettings>();
    for (const device of devices) {
      const key = this.driver.instanceKey(device);
      if (!likeliest.has(key)) likeliest.set(key, device);
    }
    // A context is opened ahead in each as soon as it is up, for the likeliest devices only, no
    // more than may be open at once: one opened only to be closed by the next would slow the
    // likelier one's (Firefox creates its contexts one at a time).
    const warmed = this.warm.capacity;
    await Promise.all(
      [...likeliest.values()].map(async (device, rank) => {
        const instance = this.instanceFor(device);
        await instance.launched;
        if (rank < warmed && !instance.retired && !this.closed) this.prepareWarm(instance, device);
      }),
    );
  }

  /**
   * The deadline counts from the moment a slot is held. Past it the context is closed, which
   * ends its renderer; a context that will not close within the grace takes its instance down.
   * A successful capture's context is kept for its email's next one; any other is closed.
   */
  async capture(job: EngineCapture, affinity?: string): Promise<PageCapture> {
    if (this.closed) throw new Error(`${this.driver.instanceName} is closed`);
    const release = await this.slots.acquire();
    const device = job.settings;
    const signature = this.signature(device);
    const parkKey =
      affinity !== undefined && (this.options.contextIdleMs ?? 0) > 0
        ? `${affinity}\n${signature}`
        : undefined;
    let instance: Instance<I> | undefined;
    let lease: { context: C; reused: boolean } | undefined;
    let healthy = false;
    let settled = false;
    try {
      instance = this.instanceFor(device);
      const held = instance;
      held.uses++;
      held.active++;
      const run = async () => {
        const handle = await held.launched;
        const kept = parkKey === undefined ? undefined : this.parked.take(parkKey, held);
        const context =
          kept ??
          (await this.warm.take(signature, held)) ??
          (await this.driver.openContext(handle, device, false));
        if (settled) {
          // The deadline passed while the context was opening: nobody will close it but us.
          void context.close().catch(() => undefined);
          throw new RenderDeadlineError('the render was stopped before it started');
        }
        lease = { context, reused: kept !== undefined };
        return this.driver.capture(context, job, lease.reused);
      };
      const result = await guardedCapture(
        {
          deadlineMs: device.timeoutMs,
          watch: this.watch,
          memoryMb: this.options.memoryMb ?? 0,
          lost: (error) => this.lostIn(held, error),
        },
        () => Promise.race([run(), held.gone]),
      );
      healthy = true;
      return result;
    } finally {
      settled = true;
      if (instance) await this.release(instance, device, lease?.context, healthy && parkKey);
      if (this.slots.inUse <= 1) this.watch.stop();
      release();
    }
  }

  /** up: every current instance answers; idle: none runs, nothing wrong; down: crashed. */
  state(): BrowserState {
    if (this.closed) return 'down';
    const current = [...this.current.values()];
    if (current.length > 0 && current.every((instance) => instance.up)) return 'up';
    if (this.crashed) return 'down';
    return current.length > 0 ? 'starting' : 'idle';
  }

  /**
   * Ends every instance. Contexts are not closed one by one first: an engine may answer
   * nothing while a renderer is busy with a render stopped at its deadline (Firefox does).
   */
  async close(): Promise<void> {
    this.closed = true;
    void this.parked.dropAll();
    void this.warm.dropAll();
    const all = [...this.running];
    for (const instance of all) this.retire(instance);
    await Promise.all(all.map((instance) => this.end(instance)));
  }

  private signature(device: LikelySettings): string {
    return `${this.driver.instanceKey(device)}\n${this.driver.contextSignature(device)}`;
  }

  /** After a capture: its context kept or closed, a fresh one opened ahead, recycling. */
  private async release(
    instance: Instance<I>,
    device: LikelySettings,
    context: C | undefined,
    parkKey: string | false | undefined,
  ): Promise<void> {
    if (context) {
      if (parkKey && !instance.retired && !this.closed) {
        const watchLoss = this.driver.watchLoss?.bind(this.driver, context);
        this.parked.park(parkKey, instance, context, watchLoss);
      } else {
        await this.closeContext(instance, context);
      }
    }
    instance.active--;
    // The next capture with this device's options (another email's, say) finds one open.
    if (!instance.retired && instance.up && !this.closed) this.prepareWarm(instance, device);
    if (instance.uses >= this.options.recycleAfter) this.retire(instance);
    if (instance.retired && instance.active === 0) void this.end(instance);
  }

  private prepareWarm(instance: Instance<I>, device: LikelySettings): void {
    this.warm.prepare(this.signature(device), instance, async () =>
      this.driver.openContext(await instance.launched, device, true),
    );
  }

  /** Closes a context; one that does not close in time takes its instance down. */
  private async closeContext(instance: Instance<I>, context: C): Promise<void> {
    if (await settlesWithin(context.close(), STOP_GRACE_MS)) return;
    this.retire(instance);
    await this.end(instance);
  }

  /** Why a failed capture failed with its engine, not by its email: a crash's message. */
  private async lostIn(instance: Instance<I>, error: Error): Promise<string | undefined> {
    const handle = await instance.launched;
    const part = this.driver.isLost(error);
    const grace = part === undefined ? GONE_SETTLES_MS : PART_LOST_GRACE_MS;
    if (!this.driver.alive(handle) || (await settlesWithin(instance.gone, grace))) {
      this.lose(instance);
      return `${this.driver.instanceName} stopped during the capture`;
    }
    return part;
  }

  /** The instance for a device: launched on first use, after a recycle, and after a loss. */
  private instanceFor(device: LikelySettings): Instance<I> {
    if (this.closed) throw new Error(`${this.driver.instanceName} is closed`);
    const key = this.driver.instanceKey(device);
    const existing = this.current.get(key);
    if (existing) return existing;
    const name = this.driver.instanceName;
    const launched = this.driver.launch(device).catch((error: Error) => {
      throw new BrowserCrashedError(`${name} stopped while it started: ${error.message}`);
    });
    const gone = launched
      .then((handle) => this.driver.exited(handle))
      .then(() => {
        throw new BrowserCrashedError(`${name} stopped during the capture`);
      });
    gone.catch(() => undefined);
    const instance: Instance<I> = {
      key,
      device,
      launched,
      gone,
      up: false,
      uses: 0,
      active: 0,
      retired: false,
    };
    instance.launched.catch(() => undefined);
    this.current.set(key, instance);
    this.running.add(instance);
    instance.launched.then(
      (handle) => {
        instance.up = true;
        this.crashed = false;
        void this.driver.exited(handle).then(() => this.exited(instance));
      },
      () => {
        // Readiness is down until an instance starts again; the next capture tries.
        this.crashed = true;
        this.running.delete(instance);
        this.retire(instance);
      },
    );
    return instance;
  }

  /** An instance gone unasked (killed, crashed) is replaced at once. */
  private exited(instance: Instance<I>): void {
    instance.up = false;
    this.running.delete(instance);
    this.lose(instance);
  }

  /** An instance lost (gone, or no longer answering): ended, and its successor launched. */
  private lose(instance: Instance<I>): void {
    if (instance.retired || this.closed) return;
    this.crashed = true;
    this.retire(instance);
    void this.end(instance);
    this.options.onBrowserRestart?.();
    this.instanceFor(instance.device);
  }

  private retire(instance: Instance<I>): void {
    instance.retired = true;
    if (this.current.get(instance.key) === instance) this.current.delete(instance.key);
    void this.parked.dropAll(instance);
    void this.warm.dropAll(instance);
  }

  private async end(instance: Instance<I>): Promise<void> {
    const handle = await instance.launched.catch(() => null);
    if (handle !== null) await this.driver.end(handle).catch(() => undefined);
    this.running.delete(instance);
  }
}
