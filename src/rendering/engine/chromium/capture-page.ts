import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Protocol } from 'playwright-core/types/protocol';
import type { ImagePlan } from '../../model/email-content';
import { captureSequence, PageDriver, ScreenshotArea } from '../capture-sequence';
import type { Shot } from '../image-sizes';
import { DOCUMENT_URL, serve } from '../context-router';
import type { CaptureSettings, PageCapture } from '../engine-port';

/**
 * A Chromium capture: the capture sequence on the context's page. A context kept from the
 * same email's last capture keeps its page: the page is emptied and set to this capture's
 * viewport and colour scheme first.
 */
export async function capturePage(
  { context, reused }: { context: BrowserContext; reused: boolean },
  html: string,
  images: ImagePlan,
  settings: CaptureSettings,
): Promise<PageCapture> {
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
    const driver = new ChromiumPage(context, page);
    return await Promise.race([captureSequence(driver, html, images, settings), lost]);
  } finally {
    page.off('crash', crashed);
    page.off('close', closed);
  }
}

/** Chromium's primitives for the capture sequence, on one page of a capture's context. */
class ChromiumPage implements PageDriver {
  private blocked: string[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  /** Every request goes through the context's router, which serves this capture from now on. */
  async load(html: string, images: ImagePlan): Promise<void> {
    this.blocked = serve(this.context, html, images).blockedRequests;
    await this.page.goto(DOCUMENT_URL, { waitUntil: 'load' });
  }

  /**
   * Nothing more to wait for: Blink holds its load event for the stored copies (served from
   * memory) and the web fonts its layout asked for.
   */
  async settle(): Promise<void> {}

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>;
  }

  async screenshot(area: ScreenshotArea): Promise<Shot> {
    const cdp = await devtoolsOf(this.context, this.page);
    // Chromium's fast PNG path: pixel-identical, several times faster than the default encoder.
    const shot = await screenshotOf(cdp, {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: area.width, height: area.height, scale: area.scale },
    });
    return { png: Buffer.from(shot.data, 'base64') };
  }

  async refused(): Promise<string[]> {
    return this.blocked;
  }
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
