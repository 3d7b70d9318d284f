import { BrowserPool } from './browser-pool';
import type { BrowserState } from '../engine-port';
import { capturePage } from './capture-page';
import type { Engine, EngineAdapter, EngineCapture, EngineOptions } from '../engine-port';
import type { LikelySettings, PageCapture } from '../engine-port';
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
  private readonly pool: BrowserPool;

  /** `engine`: the registered name it runs as (its jail's, in accounting). */
  constructor(options: EngineOptions, engine: Engine = 'chromium') {
    this.pool = new BrowserPool({ ...options, engine });
  }

  capture({ html, images, settings }: EngineCapture, affinity?: string): Promise<PageCapture> {
    return this.pool.withContext(
      contextOptions(settings),
      settings.timeoutMs,
      (lease) => capturePage(lease, html, images, settings),
      affinity,
    );
  }

  /** One browser draws every device: started with a context for the likeliest one. */
  start([likeliest]: readonly LikelySettings[]): Promise<void> {
    return this.pool.start(contextOptions(likeliest));
  }

  state(): BrowserState {
    return this.pool.state();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
