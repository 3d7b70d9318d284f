import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Protocol } from 'playwright-core/types/protocol';
import type { ImagePlan } from '../pipeline/email-content';
import { DOCUMENT_URL, MARKER_COOKIE, serve } from './context-router';
import { measurePage } from './page-scripts';
import { CaptureSettings, MAX_DEVICE_HEIGHT, PageCapture } from './engine-port';

/**
 * Loads the prepared HTML and takes the full-page screenshot. Every request goes through
 * the context's router (prepareContext), which serves this capture from now on. A context
 * kept from the same email's last capture keeps its page: the page is emptied and set to
 * this capture's viewport and colour scheme first.
 */
export async function capturePage(
  { context, reused }: { context: BrowserContext; reused: boolean },
  html: string,
  images: ImagePlan,
  settings: CaptureSettings,
): Promise<PageCapture> {
  const { blockedRequests } = serve(context, html, images);
  // A context opened ahead of demand, or kept from the email's last capture, has its page.
  const existing = context.pages()[0];
  const page = existing ?? (await context.newPage());
  page.setDefaultTimeout(settings.timeoutMs);
  // A new document from a blank one: nothing of the last capture's layout, zoom or scroll stays.
  if (reused) await page.goto('about:blank');
  if (existing) {
    // Opened for other options, perhaps: this capture's viewport and colour scheme.
    await page.setViewportSize(settings.viewport);
    await page.emulateMedia({ colorScheme: settings.colorScheme });
  }
  // A killed or crashed renderer leaves some CDP calls unanswered: end at once instead.
  let fail: (error: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => (fail = reject));
  lost.catch(() => undefined);
  const crashed = () => fail(new Error('the renderer process crashed'));
  const closed = () => fail(new Error('the page closed during the capture'));
  page.once('crash', crashed);
  page.once('close', closed);
  try {
    return await Promise.race([shoot(page, context, settings, blockedRequests), lost]);
  } finally {
    page.off('crash', crashed);
    page.off('close', closed);
  }
}

async function shoot(
  page: Page,
  context: BrowserContext,
  settings: CaptureSettings,
  blockedRequests: string[],
): Promise<PageCapture> {
  await page.goto(DOCUMENT_URL, { waitUntil: 'load' });
  // One round trip to the page: fitted to the screen if the client does that, then measured.
  const measured = await page.evaluate(measurePage, {
    fitWidth: settings.fitToWidth ? settings.width : null,
    cookie: MARKER_COOKIE,
  });
  const contentHeight = Math.ceil(measured.height);
  const contextMarker = measured.marker;
  const maxHeight = Math.floor(MAX_DEVICE_HEIGHT / settings.scale);
  const height = Math.max(1, Math.min(contentHeight, maxHeight));
  const cdp = await devtoolsOf(context, page);
  // Chromium's fast PNG path: pixel-identical, several times faster than the default encoder.
  const shot = await screenshotOf(cdp, {
    format: 'png',
    optimizeForSpeed: true,
    captureBeyondViewport: true,
    clip: { x: 0, y: 0, width: settings.width, height, scale: settings.scale },
  });
  return {
    contextMarker,
    textSamples: measured.texts,
    png: Buffer.from(shot.data, 'base64'),
    width: settings.width,
    height,
    contentHeight,
    truncated: contentHeight > height,
    blockedRequests,
  };
}

/** How long to leave the compositor before each new ask: a frame is ~16 ms when idle. */
const SCREENSHOT_RETRY_DELAYS_MS = [50, 250, 1000];

/**
 * The screenshot, asked again when Chromium says "Unable to capture screenshot": its
 * compositor had no frame to copy. Seen with every core busy (a fidelity run, and the
 * grid's intermittent 500 of stops 30 and 31, which a second immediate ask did not cure), so
 * each new ask first leaves it a little longer to draw one. Any other error is the render's.
 */
export async function screenshotOf(
  cdp: CDPSession,
  params: Protocol.Page.captureScreenshotParameters,
  delaysMs: readonly number[] = SCREENSHOT_RETRY_DELAYS_MS,
): Promise<{ data: string }> {
  for (const delayMs of delaysMs) {
    try {
      return await cdp.send('Page.captureScreenshot', params);
    } catch (error) {
      if (!/Unable to capture screenshot/.test((error as Error).message)) throw error;
      await sleep(delayMs);
    }
  }
  return cdp.send('Page.captureScreenshot', params);
}

/** A page's DevTools session, opened at its first capture and kept for its life. */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

function devtoolsOf(context: BrowserContext, page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = context.newCDPSession(page)));
  return session;
}
