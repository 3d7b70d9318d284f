import { BrowserPool, BrowserPoolOptions } from './browser-pool';
import type { BrowserState } from '../engine-port';
import { capturePage } from './capture-page';
import type { EngineAdapter, EngineCapture, LikelySettings, PageCapture } from '../engine-port';
import type { ContextOptions } from './open-context';

/** A context for a device: scripts, service workers and downloads off. */
function contextOptions(settings: LikelySettings): ContextOptions {
  return {
    viewport: settings.viewport,
    deviceScaleFactor: settings.scale,
    javaScriptEnabled: false,
    colorScheme: settings.colorScheme,
    serviceWorkers: 'block',
    acceptDownloads: false,
    locale: 'en-US',
  };
}

/**
 * Blink as the headless shell draws it, through Playwright: contexts kept for the same email's
 * next capture and opened ahead of demand (browser-pool.ts), stored copies served by its router.
 */
export class ChromiumEngine implements EngineAdapter {
  readonly name = 'chromium' as const;
  private readonly pool: BrowserPool;

  constructor(options: BrowserPoolOptions) {
    this.pool = new BrowserPool(options);
  }

  capture({ html, images, settings }: EngineCapture, affinity?: string): Promise<PageCapture> {
    return this.pool.withContext(
      contextOptions(settings),
      settings.timeoutMs,
      (lease) => capturePage(lease, html, images, settings),
      affinity,
    );
  }

  start(likely: LikelySettings): Promise<void> {
    return this.pool.start(contextOptions(likely));
  }

  state(): BrowserState {
    return this.pool.state();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
