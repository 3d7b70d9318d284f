import type { EngineDriver } from '../../../../src/rendering/engine/engine-driver';
import { EngineHost, HostOptions } from '../../../../src/rendering/engine/engine-host';
import type {
  EngineCapture,
  LikelySettings,
  PageCapture,
} from '../../../../src/rendering/engine/engine-port';
import {
  BrowserCrashedError,
  RenderDeadlineError,
} from '../../../../src/rendering/engine/render-errors';

/** A stand-in instance: it answers until it is killed or ended. */
class FakeInstance {
  alive = true;
  ended = false;
  private gone!: () => void;
  readonly exit = new Promise<void>((resolve) => (this.gone = resolve));
  constructor(readonly id: number) {}
  die(): void {
    this.alive = false;
    this.gone();
  }
}

interface FakeContext {
  instance: number;
  /** Opened ahead of any capture (a warm context). */
  ahead: boolean;
  emails: string[];
  closed: boolean;
  close(): Promise<void>;
}

/** A driver whose captures take `work` (by default an immediate picture naming the context). */
class FakeDriver implements EngineDriver<FakeInstance, FakeContext> {
  readonly instanceName = 'the fake engine';
  readonly instances: FakeInstance[] = [];
  work?: (context: FakeContext) => Promise<void>;
  /** Launches wait for this, when set. */
  launching?: Promise<void>;

  /** Keyed by colour scheme when asked (as Gecko's Firefoxes are), else one instance. */
  keyed = false;
  openedAhead = 0;
  instanceKey(device: LikelySettings): string {
    return this.keyed ? device.colorScheme : '';
  }
  contextSignature(): string {
    return '';
  }
  async launch(): Promise<FakeInstance> {
    await this.launching;
    const instance = new FakeInstance(this.instances.length + 1);
    this.instances.push(instance);
    return instance;
  }
  alive(instance: FakeInstance): boolean {
    return instance.alive;
  }
  exited(instance: FakeInstance): Promise<void> {
    return instance.exit;
  }
  async end(instance: FakeInstance): Promise<void> {
    instance.ended = true;
    instance.die();
  }
  async renderers(): Promise<number[]> {
    return [];
  }
  async openContext(
    instance: FakeInstance,
    _device: LikelySettings,
    ahead: boolean,
  ): Promise<FakeContext> {
    if (ahead) this.openedAhead++;
    const context: FakeContext = {
      instance: instance.id,
      ahead,
      emails: [],
      closed: false,
      close: async () => void (context.closed = true),
    };
    return context;
  }
  async capture(context: FakeContext, job: EngineCapture): Promise<PageCapture> {
    context.emails.push(job.html);
    await this.work?.(context);
    const marker = `${context.instance}:${context.emails.join(',')}`;
    return { contextMarker: context.ahead ? `${marker} (ahead)` : marker } as PageCapture;
  }
  isLost(error: Error): string | undefined {
    return /part lost/.test(error.message) ? 'a part of it went away' : undefined;
  }
}

const OPTIONS: HostOptions = { concurrency: 2, recycleAfter: 100, contextIdleMs: 10_000 };

function job(
  html: string,
  timeoutMs = 5000,
  colorScheme: 'light' | 'dark' = 'light',
): EngineCapture {
  const settings = {
    viewport: { width: 600, height: 800 },
    colorScheme,
    width: 600,
    scale: 1,
    fitToWidth: false,
    colorblind: false,
    timeoutMs,
  };
  return { html, images: { images: [] } as never, settings };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('EngineHost', () => {
  let driver: FakeDriver;
  let host: EngineHost<FakeInstance, FakeContext>;
  const make = (options: Partial<HostOptions> = {}) => {
    driver = new FakeDriver();
    host = new EngineHost(driver, { ...OPTIONS, ...options });
  };
  afterEach(() => host.close());

  it('is idle, then up; an instance gone unasked is down until its successor is up, and counted', async () => {
    const restarts: number[] = [];
    make({ onBrowserRestart: () => restarts.push(1) });
    expect(host.state()).toBe('idle');
    await host.capture(job('a'));
    expect(host.state()).toBe('up');
    let launch!: () => void;
    driver.launching = new Promise((resolve) => (launch = resolve));
    driver.instances[0].die();
    await settled();
    expect(restarts).toHaveLength(1);
    expect(host.state()).toBe('down');
    launch();
    await settled();
    expect(driver.instances).toHaveLength(2);
    expect(host.state()).toBe('up');
    expect((await host.capture(job('b'))).contextMarker).toBe('2:b');
  });

  it("keeps a context for its own email's next capture only", async () => {
    make();
    expect((await host.capture(job('a'), 'email-1')).contextMarker).toBe('1:a');
    expect((await host.capture(job('b'), 'email-2')).contextMarker).toBe('1:b');
    expect((await host.capture(job('c'), 'email-1')).contextMarker).toBe('1:a,c');
    expect((await host.capture(job('d'))).contextMarker).toBe('1:d');
  });

  it('recycles an instance after recycleAfter captures, ending it once its captures finish', async () => {
    make({ recycleAfter: 2 });
    let release!: () => void;
    driver.work = () => new Promise((resolve) => (release = resolve));
    const first = host.capture(job('a'));
    await settled();
    driver.work = undefined;
    await host.capture(job('b'));
    expect(driver.instances[0].ended).toBe(false); // still drawing 'a'
    expect((await host.capture(job('c'))).contextMarker).toBe('2:c');
    release();
    await first;
    await settled();
    expect(driver.instances[0].ended).toBe(true);
    expect(driver.instances[1].ended).toBe(false);
  });

  it('stops a render at its deadline and closes its context; the slot is free again', async () => {
    make({ concurrency: 1 });
    const contexts: FakeContext[] = [];
    driver.work = (context) => (contexts.push(context), new Promise(() => undefined));
    await expect(host.capture(job('slow', 50))).rejects.toBeInstanceOf(RenderDeadlineError);
    expect(contexts[0].closed).toBe(true);
    driver.work = undefined;
    expect((await host.capture(job('next'))).contextMarker).toBe('1:next');
  });

  it('names a capture whose instance stopped answering a crash, and replaces the instance', async () => {
    make();
    driver.work = async (context) => {
      driver.instances[context.instance - 1].alive = false;
      throw new Error('Connection closed');
    };
    await expect(host.capture(job('a'))).rejects.toThrow(
      new BrowserCrashedError('the fake engine stopped during the capture: Connection closed'),
    );
    expect(driver.instances[0].ended).toBe(true);
    driver.work = undefined;
    expect((await host.capture(job('b'))).contextMarker).toBe('2:b');
  });

  it("names a part lost a crash (the driver's word) and keeps the instance; the render's own error is its own", async () => {
    make();
    driver.work = async () => {
      throw new Error('part lost');
    };
    await expect(host.capture(job('a'))).rejects.toBeInstanceOf(BrowserCrashedError);
    driver.work = async () => {
      throw new Error('bad document');
    };
    await expect(host.capture(job('b'))).rejects.toThrow('bad document');
    expect(driver.instances).toHaveLength(1);
  });

  it('names a part lost while its whole instance goes a crash of the instance, and draws the next on its successor', async () => {
    make();
    driver.work = async (context) => {
      const instance = driver.instances[context.instance - 1];
      // The tab goes first; the instance's exit is reported a second later (a loaded machine).
      setTimeout(() => instance.die(), 1000);
      throw new Error('part lost');
    };
    await expect(host.capture(job('a'))).rejects.toThrow(
      new BrowserCrashedError('the fake engine stopped during the capture: part lost'),
    );
    driver.work = undefined;
    expect((await host.capture(job('b'))).contextMarker).toBe('2:b');
  });

  it('starts an instance per key, and under a bound of one opens a warm context for the likeliest device only', async () => {
    make({ concurrency: 1, warmContexts: true });
    driver.keyed = true;
    const device = (colorScheme: 'light' | 'dark') => ({ ...job('', 5000, colorScheme).settings });
    await host.start([device('light'), device('dark')]);
    await settled();
    expect(driver.instances).toHaveLength(2);
    expect(driver.openedAhead).toBe(1); // none opened only to be closed
    expect((await host.capture(job('a'))).contextMarker).toBe('1:a (ahead)');
    expect((await host.capture(job('b', 5000, 'dark'))).contextMarker).toBe('2:b');
  });

  it('ends every instance on close, and refuses captures after', async () => {
    make();
    await host.capture(job('a'));
    await host.close();
    expect(driver.instances[0].ended).toBe(true);
    expect(host.state()).toBe('down');
    await expect(host.capture(job('b'))).rejects.toThrow('closed');
  });
});
