import type { Browser, BrowserContext } from 'playwright-core';
import { EngineJail } from '../../jail/jail';
import type { EngineDriver } from '../engine-driver';
import type { Engine, EngineCapture, EngineOptions, LikelySettings } from '../engine-port';
import { BrowserLauncher } from './browser-launcher';
import { BrowserRenderers } from './browser-renderers';
import { capturePage } from './capture-page';
import { resolveChromiumPath } from './chromium-path';
import { chromiumSettings } from './chromium-settings';
import { ContextOptions, openContext } from './open-context';

/** A context for a device: scripts, service workers and downloads off. */
function contextOptions(device: LikelySettings): ContextOptions {
  return {
    viewport: device.viewport,
    deviceScaleFactor: device.scale,
    javaScriptEnabled: false,
    colorScheme: device.colorScheme,
    serviceWorkers: 'block',
    acceptDownloads: false,
    locale: 'en-US',
  };
}

/**
 * Blink as the headless shell draws it, through Playwright: one browser draws every device
 * (the page sets viewport and colour scheme, so contexts pass between devices of one scale),
 * stored copies served by its router. Nothing is launched (nor looked for) before the host
 * asks: API processes in scale-out never render.
 */
export class ChromiumDriver implements EngineDriver<Browser, BrowserContext> {
  readonly instanceName = 'the browser';
  private readonly launcher: BrowserLauncher;
  private executablePath?: string;
  private readonly renderersOf = new WeakMap<Browser, BrowserRenderers>();
  private readonly exits = new WeakMap<Browser, Promise<void>>();

  /** `engine`: the registered name it runs as (its jail's and home folders', in accounting). */
  constructor(
    private readonly options: EngineOptions,
    engine: Engine = 'chromium',
  ) {
    this.launcher = new BrowserLauncher(
      () => EngineJail.for(options.engineUser),
      options.sandbox ?? 'off',
      options.onSandboxOff,
      engine,
    );
  }

  instanceKey(): string {
    return '';
  }

  contextSignature(device: LikelySettings): string {
    return String(device.scale);
  }

  async launch(): Promise<Browser> {
    this.executablePath ??= resolveChromiumPath(
      chromiumSettings(this.options.settings).CHROMIUM_PATH,
    );
    const browser = await this.launcher.launch(this.executablePath);
    this.exited(browser);
    return browser;
  }

  alive(browser: Browser): boolean {
    return browser.isConnected();
  }

  exited(browser: Browser): Promise<void> {
    let exit = this.exits.get(browser);
    if (!exit) {
      exit = browser.isConnected()
        ? new Promise((resolve) => browser.once('disconnected', () => resolve()))
        : Promise.resolve();
      this.exits.set(browser, exit);
    }
    return exit;
  }

  /** Playwright's close of a launched browser ends its processes, forcibly if needed. */
  async end(browser: Browser): Promise<void> {
    await browser.close();
  }

  async renderers(browsers: readonly Browser[]): Promise<number[]> {
    const pids = browsers.map((browser) => {
      let renderers = this.renderersOf.get(browser);
      if (!renderers) this.renderersOf.set(browser, (renderers = new BrowserRenderers(browser)));
      return renderers.pids();
    });
    return (await Promise.all(pids)).flat();
  }

  openContext(browser: Browser, device: LikelySettings, ahead: boolean): Promise<BrowserContext> {
    return openContext(browser, contextOptions(device), { withPage: ahead });
  }

  capture(context: BrowserContext, { html, images, settings }: EngineCapture, reused: boolean) {
    return capturePage({ context, reused }, html, images, settings);
  }

  /** A renderer that crashes fails its own capture only: the render's error, not a crash. */
  isLost(): undefined {
    return undefined;
  }

  watchLoss(context: BrowserContext, drop: () => void): void {
    context.pages()[0]?.once('crash', drop);
  }
}
