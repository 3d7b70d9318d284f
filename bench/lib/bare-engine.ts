import { Browser, chromium } from 'playwright-core';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { resolveChromiumPath } from '../../src/rendering/engine/chromium/chromium-path';
import { viewportOf } from '../../src/rendering/render';

/**
 * The bare engine at its fastest, as the floor for a first capture: the same Chromium
 * binary the service resolves (the headless shell where installed), a fresh context per
 * capture, the HTML set directly, and Chromium's fast PNG path.
 */
export class BareEngine {
  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<BareEngine> {
    const browser = await chromium.launch({
      executablePath: resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    return new BareEngine(browser);
  }

  /** One capture of `html` in `client`, context opened and closed included: milliseconds. */
  async capture(html: string, client: string): Promise<number> {
    const profile = clientCatalog.find(client)!;
    const viewport = viewportOf(profile, 'vertical');
    const started = performance.now();
    const context = await this.browser.newContext({
      viewport,
      deviceScaleFactor: profile.device_scale_factor,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: viewport.width, height, scale: profile.device_scale_factor },
    });
    await context.close();
    return performance.now() - started;
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** `runs` bare captures one after another, after two warm-up captures: milliseconds each. */
export async function bareEngineCaptures(
  html: string,
  client: string,
  runs: number,
): Promise<number[]> {
  const engine = await BareEngine.launch();
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const ms = await engine.capture(html, client);
      if (i >= 2) samples.push(ms);
    }
  } finally {
    await engine.close();
  }
  return samples;
}
