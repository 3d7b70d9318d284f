import type { BrowserContext } from 'puppeteer-core';
import { descendantsNamed } from '../../../base/system/procfs';
import { Slots } from '../../../base/system/slots';
import { captureSequence } from '../capture-sequence';
import type { EngineDriver } from '../engine-driver';
import type { EngineCapture, LikelySettings, PageCapture } from '../engine-port';
import type { EngineJail } from '../../jail/jail';
import { CONTENT_PROCESS, contentSandbox } from './content-processes';
import { firefoxPrefs } from './firefox-prefs';
import type { GeckoInstall } from './gecko-install';
import { endFirefox, launchFirefox, LaunchedFirefox } from './gecko-launch';
import { GeckoPage } from './gecko-page';

/** What Firefox says of a tab whose content process went away. */
const TAB_LOST = /DiscardedBrowsingContext|no such frame|Target closed|Connection closed|crashed/i;
/** A context whose creation Firefox discarded is created again, up to this many times. */
const CREATE_ATTEMPTS = 3;

/**
 * Gecko as Firefox ESR draws it, in the engine jail, driven over WebDriver BiDi by
 * puppeteer-core (Playwright cannot drive a stock Firefox): one Firefox per colour scheme (a
 * preference read at start), a new BiDi user context per capture, its requests intercepted
 * (gecko-page.ts). Context creation is serialized: created four at once, 5-10 % fail
 * (docs/engines.md#measurements).
 */
export class GeckoDriver implements EngineDriver<LaunchedFirefox, GeckoPage> {
  readonly instanceName = 'Firefox';
  private readonly creating = new Slots(1);
  private readonly exits = new WeakMap<LaunchedFirefox, Promise<void>>();
  private sandboxReported = false;
  private launches = 0;

  constructor(
    private readonly install: GeckoInstall,
    private readonly jail: EngineJail,
    /** Told once whether Firefox's content sandbox (seccomp) holds its content processes. */
    private readonly onSandbox?: (state: string) => void,
  ) {}

  instanceKey(device: LikelySettings): string {
    return device.colorScheme;
  }

  contextSignature(): string {
    return '';
  }

  async launch({ colorScheme }: LikelySettings): Promise<LaunchedFirefox> {
    const name = `gecko-${colorScheme}-${++this.launches}`;
    const firefox = await launchFirefox(this.jail, this.install, name, firefoxPrefs(colorScheme));
    this.exited(firefox);
    if (!this.sandboxReported) this.reportSandbox(firefox.pid);
    return firefox;
  }

  /** Its jail still runs and puppeteer's connection is open (either may notice first). */
  alive({ browser, process }: LaunchedFirefox): boolean {
    return browser.connected && process.exitCode === null && process.signalCode === null;
  }

  exited(firefox: LaunchedFirefox): Promise<void> {
    let exit = this.exits.get(firefox);
    if (!exit) {
      const { browser, process } = firefox;
      exit = this.alive(firefox)
        ? new Promise((resolve) => {
            browser.once('disconnected', () => resolve());
            process.once('exit', () => resolve());
          })
        : Promise.resolve();
      this.exits.set(firefox, exit);
    }
    return exit;
  }

  /** By its jail, which ends its content processes too. */
  end(firefox: LaunchedFirefox): Promise<void> {
    return endFirefox(firefox);
  }

  async renderers(instances: readonly LaunchedFirefox[]): Promise<number[]> {
    return descendantsNamed(
      instances.map((firefox) => firefox.pid),
      CONTENT_PROCESS,
    );
  }

  /**
   * A new user context and its page, one creation at a time. Firefox discards a browsing
   * context being created now and then (docs/engines.md#gecko; and always the first after a
   * content process died): that creation alone is tried again, in a new context.
   */
  async openContext({ browser }: LaunchedFirefox): Promise<GeckoPage> {
    for (let attempt = 1; ; attempt++) {
      const release = await this.creating.acquire();
      let context: BrowserContext | undefined;
      try {
        context = await browser.createBrowserContext();
        return await GeckoPage.open(context);
      } catch (error) {
        await context?.close().catch(() => undefined);
        if (attempt >= CREATE_ATTEMPTS || !TAB_LOST.test((error as Error).message)) throw error;
      } finally {
        release();
      }
    }
  }

  async capture(page: GeckoPage, { html, images, settings }: EngineCapture): Promise<PageCapture> {
    await page.prepare(settings);
    return captureSequence(page, html, images, settings);
  }

  isLost(error: Error): string | undefined {
    return TAB_LOST.test(error.message)
      ? "Firefox's content process stopped during the capture"
      : undefined;
  }

  /** Firefox's content sandbox, as its first content process shows it (none yet: the next launch). */
  private reportSandbox(pid: number): void {
    const state = contentSandbox(pid);
    if (state === undefined) return;
    this.sandboxReported = true;
    this.onSandbox?.(state);
  }
}
