import type { BrowserContext, Page, Route } from 'playwright-core';
import { ASSET_ORIGIN, ImagePlan } from '../transforms/images';

/** The document's own address: an unresolvable origin that only the router answers. */
const DOCUMENT_URL = 'https://email.render.invalid/';

/** Tallest capture in device pixels (GPU texture limit); taller emails are cut here. */
export const MAX_DEVICE_HEIGHT = 16384;

export interface PageCapture {
  png: Buffer;
  /** CSS pixels. */
  width: number;
  height: number;
  /** Full content height in CSS pixels, before any cut. */
  contentHeight: number;
  truncated: boolean;
  /** URLs the page tried to load that were refused. */
  blockedRequests: string[];
}

export interface CaptureSettings {
  width: number;
  scale: number;
  fitToWidth: boolean;
  timeoutMs: number;
}

/**
 * Loads the prepared HTML in a fresh context and takes the full-page screenshot. Every
 * request goes through the router: the document and the email's stored images are served
 * from memory, everything else is aborted, so nothing reaches the network.
 */
export async function capturePage(
  context: BrowserContext,
  html: string,
  images: ImagePlan,
  settings: CaptureSettings,
): Promise<PageCapture> {
  const blockedRequests: string[] = [];
  let documentServed = false;
  await context.route('**/*', (route: Route) => {
    const request = route.request();
    const url = request.url();
    if (url === DOCUMENT_URL && !documentServed) {
      documentServed = true;
      return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    }
    if (request.isNavigationRequest()) {
      // The first document is what is captured. A meta refresh, a frame or a form that
      // navigates gets 204 No Content, which Chromium treats as "stay on this page";
      // aborting it instead would replace the email with an error page.
      blockedRequests.push(url);
      return route.fulfill({ status: 204, body: '' });
    }
    if (url.startsWith(`${ASSET_ORIGIN}/`)) {
      const image = images.served.get(url.slice(ASSET_ORIGIN.length));
      if (image) return route.fulfill({ body: image.data, contentType: image.contentType });
    }
    blockedRequests.push(url);
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(/.*/, (socket) => void socket.close());
  const page = await context.newPage();
  page.setDefaultTimeout(settings.timeoutMs);
  // A killed or crashed renderer leaves some CDP calls unanswered: end at once instead.
  const lost = new Promise<never>((_, reject) => {
    page.once('crash', () => reject(new Error('the renderer process crashed')));
    page.once('close', () => reject(new Error('the page closed during the capture')));
  });
  lost.catch(() => undefined);
  return Promise.race([shoot(page, context, settings, blockedRequests), lost]);
}

async function shoot(
  page: Page,
  context: BrowserContext,
  settings: CaptureSettings,
  blockedRequests: string[],
): Promise<PageCapture> {
  await page.goto(DOCUMENT_URL, { waitUntil: 'load' });

  let contentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (settings.fitToWidth && contentWidth > settings.width) {
    // Clients that shrink wide emails to the screen (iOS Mail, Samsung Mail): zoom out.
    const zoom = settings.width / contentWidth;
    await page.evaluate(
      (factor) => void (document.documentElement.style.zoom = String(factor)),
      zoom,
    );
    contentWidth = settings.width;
  }
  const contentHeight = Math.ceil(
    await page.evaluate(() =>
      Math.max(
        document.documentElement.scrollHeight,
        document.body ? document.body.scrollHeight : 0,
      ),
    ),
  );
  const maxHeight = Math.floor(MAX_DEVICE_HEIGHT / settings.scale);
  const height = Math.max(1, Math.min(contentHeight, maxHeight));
  const cdp = await context.newCDPSession(page);
  // Chromium's fast PNG path: pixel-identical, several times faster than the default encoder.
  const shot = (await cdp.send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    captureBeyondViewport: true,
    clip: { x: 0, y: 0, width: settings.width, height, scale: settings.scale },
  })) as { data: string };
  return {
    png: Buffer.from(shot.data, 'base64'),
    width: settings.width,
    height,
    contentHeight,
    truncated: contentHeight > height,
    blockedRequests,
  };
}
