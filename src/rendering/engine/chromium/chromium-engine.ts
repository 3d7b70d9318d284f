import { BrowserPool, BrowserPoolOptions } from './browser-pool';
import type { BrowserState } from '../engine-port';
import { capturePage } from './capture-page';
import type { EngineAdapter, EngineCapture, PageCapture } from '../engine-port';

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
      {
        viewport: settings.viewport,
        deviceScaleFactor: settings.scale,
        javaScriptEnabled: false,
        colorScheme: settings.colorScheme,
        serviceWorkers: 'block',
        acceptDownloads: false,
        locale: 'en-US',
      },
      settings.timeoutMs,
      (lease) => capturePage(lease, html, images, settings),
      affinity,
    );
  }

  state(): BrowserState {
    return this.pool.state();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
