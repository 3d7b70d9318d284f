import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ASSET_ORIGIN, ImagePlan } from '../../model/email-content';
import type { PageDriver, ScreenshotArea } from '../capture-sequence';
import type { Shot } from '../image-sizes';
import { settlePage } from '../page-scripts';
import type { RendererProcess } from './renderer-process';
import { readSnapshot } from './snapshot-file';

/** Where the renderer serves the email's stored copies (its own URI scheme). */
const COPY_ORIGIN = 'ipcopy://assets';

/** The largest side of a cairo image surface: WebKit's snapshot is one. */
const CAIRO_MAX_PIXELS = 32_767;

/** How long fonts and image decoding may hold a capture before it is drawn as it stands. */
const SETTLE_CAP_MS = 2000;

/** A function's source as the body of WebKit's async call: `input` is its argument as JSON. */
function callBody(fn: (arg: never) => unknown): string {
  return `return JSON.stringify(await (${fn.toString()})(JSON.parse(input)) ?? null);`;
}

/**
 * One web view of a WebKit renderer: a page of one email only (its own web process, cookie
 * jar and caches), in an offscreen window of the viewport's size. The capture sequence's
 * primitives, over the renderer's pipes.
 */
export class WebKitPage implements PageDriver {
  private blocked: string[] = [];

  private constructor(
    private readonly renderer: RendererProcess,
    readonly id: string,
  ) {}

  /**
   * A new view with its marker cookie; `warm` also starts its web process (an empty document
   * at the email's address, so the email's own load stays in that process).
   */
  static async open(
    renderer: RendererProcess,
    viewport: { width: number; height: number },
    { warm = false } = {},
  ): Promise<WebKitPage> {
    const page = new WebKitPage(renderer, randomUUID());
    await renderer.request({ op: 'open', id: page.id, ...viewport, warm });
    return page;
  }

  /** The renderer this page lives in: a page is never handed to another one. */
  get owner(): RendererProcess {
    return this.renderer;
  }

  resize(viewport: { width: number; height: number }): Promise<unknown> {
    return this.renderer.request({ op: 'resize', id: this.id, ...viewport });
  }

  async load(html: string, images: ImagePlan): Promise<void> {
    this.blocked = [];
    const copies = [...images.served.entries()].map(([path, image]) => ({
      path,
      type: image.contentType,
      size: image.data.length,
    }));
    const document = Buffer.from(html.replaceAll(`${ASSET_ORIGIN}/`, `${COPY_ORIGIN}/`));
    const payload = Buffer.concat([...[...images.served.values()].map((i) => i.data), document]);
    await this.renderer.request({ op: 'load', id: this.id, copies }, payload);
  }

  async settle(): Promise<void> {
    await this.evaluate(settlePage, { capMs: SETTLE_CAP_MS });
  }

  async evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R> {
    const reply = await this.renderer.request({
      op: 'call',
      id: this.id,
      body: callBody(fn as (arg: never) => unknown),
      input: JSON.stringify(arg),
    });
    return JSON.parse(String(reply.header.value)) as R;
  }

  /**
   * WebKit's own snapshot of the whole document, in a window no larger than the viewport,
   * cropped to the area as it is converted. Only a document past cairo's 32,767-pixel limit
   * (WebKit then has no snapshot of it at all) instead gets a window of the area's size,
   * whose visible part is taken: a window that tall costs the X server and the renderer a
   * full composite of it (measured on IPHONE15, cut at the height limit: Xvfb 198 ms of CPU
   * per capture that way, 34 ms with the whole document's snapshot).
   */
  async screenshot(area: ScreenshotArea): Promise<Shot> {
    const visible = Math.max(area.contentHeight, area.contentWidth) * area.scale > CAIRO_MAX_PIXELS;
    if (visible) await this.resize({ width: area.width, height: area.height });
    const file = `snapshot-${randomUUID()}.rgb`;
    const reply = await this.renderer
      .request({
        op: 'snapshot',
        id: this.id,
        visible,
        file,
        width: Math.round(area.width * area.scale),
        height: Math.round(area.height * area.scale),
      })
      .catch(async (error: Error) => {
        await rm(join(this.renderer.home, file), { force: true });
        throw error;
      });
    const { width, height, blocked, bytes } = reply.header as {
      width: number;
      height: number;
      blocked: string[];
      bytes: number;
    };
    this.blocked = blocked;
    const lent = await readSnapshot(join(this.renderer.home, file), bytes);
    return { pixels: { data: lent.bytes, width, height }, release: lent.giveBack };
  }

  /** What the policy refused (seen in the page), and the navigations and missing copies. */
  async refused(): Promise<string[]> {
    const inPage = await this.evaluate(
      () => (globalThis as { __refused?: string[] }).__refused ?? [],
      null,
    );
    return [...inPage, ...this.blocked].map((url) =>
      url.startsWith(`${COPY_ORIGIN}/`) ? ASSET_ORIGIN + url.slice(COPY_ORIGIN.length) : url,
    );
  }

  /** Closes the view: its web process ends. */
  async close(): Promise<void> {
    await this.renderer.request({ op: 'close', id: this.id }).catch(() => undefined);
  }
}
