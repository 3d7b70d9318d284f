import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer-core';
import { ASSET_ORIGIN, ImagePlan } from '../../model/email-content';
import type { PageDriver, ScreenshotArea } from '../capture-sequence';
import type { Shot } from '../image-sizes';
import { DOCUMENT_URL, MARKER_COOKIE } from '../context-router';
import type { CaptureSettings } from '../engine-port';
import { pageSettled } from '../page-scripts';
import { inlineCopies } from './inline-copies';

/** Between two looks at whether the page's fonts and images are in. */
const SETTLE_PAUSE_MS = 20;
/** How long fonts and images may hold a capture before it is drawn as it stands. */
const SETTLE_CAP_MS = 2000;

/** What a page's interception serves now: this capture's document once, its stored copies. */
interface Serving {
  html: string;
  images: ImagePlan;
  blocked: string[];
  documentServed: boolean;
}

/**
 * One BiDi user context of Firefox and its page: one email's only. Every request the page
 * makes is intercepted (WebDriver BiDi's network interception, as Playwright's router does
 * for Chromium): the document once (the stored copies written into it where they fit,
 * inline-copies.ts), the others from memory, navigations
 * answered 204 (the email stays), everything else refused and listed. Firefox's network
 * namespace has no way out either.
 */
export class GeckoPage implements PageDriver {
  private serving?: Serving;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(context: BrowserContext): Promise<GeckoPage> {
    // The marker: set once in this cookie jar, read back from inside the page.
    await context.setCookie({
      name: MARKER_COOKIE,
      value: randomUUID(),
      domain: new URL(DOCUMENT_URL).hostname,
      path: '/',
    });
    const page = await context.newPage();
    const opened = new GeckoPage(context, page);
    await page.setRequestInterception(true);
    page.on('request', (request) => void opened.answer(request).catch(() => undefined));
    return opened;
  }

  /** This capture's viewport, scale and deadline. */
  async prepare(settings: CaptureSettings): Promise<void> {
    this.page.setDefaultTimeout(settings.timeoutMs);
    await this.page.setViewport({ ...settings.viewport, deviceScaleFactor: settings.scale });
  }

  async load(html: string, images: ImagePlan): Promise<void> {
    this.serving = { html: inlineCopies(html, images), images, blocked: [], documentServed: false };
    await this.page.goto(DOCUMENT_URL, { waitUntil: 'load' });
  }

  /**
   * Fonts and images asked after each short pause, not awaited as promises: with Firefox's
   * page scripts off (javascript.enabled), a promise in the page's realm never settles.
   */
  async settle(): Promise<void> {
    const until = Date.now() + SETTLE_CAP_MS;
    while (!(await this.page.evaluate(pageSettled)) && Date.now() < until)
      await sleep(SETTLE_PAUSE_MS);
  }

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>;
  }

  /**
   * Firefox's drawing snapshot paints afresh: no frame needs waiting for. An area within the
   * window is taken from the window: Firefox cuts a document-relative clip to the document,
   * and an email of no height (its only box collapsed) would leave nothing to take.
   */
  async screenshot(area: ScreenshotArea): Promise<Shot> {
    const window = this.page.viewport();
    const png = await this.page.screenshot({
      type: 'png',
      captureBeyondViewport: !window || area.height > window.height,
      clip: { x: 0, y: 0, width: area.width, height: area.height },
    });
    return { png: Buffer.from(png) };
  }

  async refused(): Promise<string[]> {
    return this.serving?.blocked ?? [];
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  private answer(request: HTTPRequest): Promise<void> {
    const url = request.url();
    const serving = this.serving;
    if (serving && url === DOCUMENT_URL && !serving.documentServed) {
      serving.documentServed = true;
      return request.respond({ body: serving.html, contentType: 'text/html; charset=utf-8' });
    }
    if (request.isNavigationRequest()) {
      // A meta refresh, a frame, a form: 204 No Content keeps the email where it is.
      serving?.blocked.push(url);
      return request.respond({ status: 204, body: '' });
    }
    if (url.startsWith(`${ASSET_ORIGIN}/`)) {
      const image = serving?.images.served.get(url.slice(ASSET_ORIGIN.length));
      // Fonts are fetched in CORS mode, and the copies' origin is not the document's.
      if (image)
        return request.respond({
          body: image.data,
          contentType: image.contentType,
          headers: { 'access-control-allow-origin': '*' },
        });
    }
    serving?.blocked.push(url);
    return request.abort('blockedbyclient');
  }
}
