import { randomUUID } from 'node:crypto';
import type { BrowserContext, Route } from 'playwright-core';
import { ASSET_ORIGIN, ImagePlan } from '../model/email-content';

/** The document's own address: an unresolvable origin that only the router answers. */
export const DOCUMENT_URL = 'https://email.render.invalid/';

/** The cookie that names a context: read back from inside the page after each capture. */
export const MARKER_COOKIE = 'instant-preview-context';

/** The capture under way in a context: what its router serves, and what it refused. */
export interface Serving {
  html: string;
  images: ImagePlan;
  blockedRequests: string[];
  documentServed: boolean;
}

const serving = new WeakMap<BrowserContext, Serving>();

/**
 * Readies a new context once, before its first capture (off the captures' path when it is
 * opened ahead of demand): a random marker cookie, which each capture reads back from its
 * own page (`PageCapture.contextMarker`): how tests prove that two emails never share a
 * context (the email cannot read it: no script runs, and nothing leaves the router); one
 * router for the context's life, answering with whichever capture is under way in it; and
 * WebSockets closed.
 */
export async function prepareContext(context: BrowserContext): Promise<BrowserContext> {
  await Promise.all([
    context.addCookies([{ name: MARKER_COOKIE, value: randomUUID(), url: DOCUMENT_URL }]),
    context.route('**/*', (route) => answer(route, serving.get(context))),
    context.routeWebSocket(/.*/, (socket) => void socket.close()),
  ]);
  return context;
}

/** From now on the context's router serves this capture's document and stored images. */
export function serve(context: BrowserContext, html: string, images: ImagePlan): Serving {
  const current: Serving = { html, images, blockedRequests: [], documentServed: false };
  serving.set(context, current);
  return current;
}

/**
 * The document once and the email's stored images from memory; everything else is refused,
 * so nothing reaches the network.
 */
function answer(route: Route, current: Serving | undefined): Promise<void> {
  const request = route.request();
  const url = request.url();
  if (current && url === DOCUMENT_URL && !current.documentServed) {
    current.documentServed = true;
    return route.fulfill({ body: current.html, contentType: 'text/html; charset=utf-8' });
  }
  if (request.isNavigationRequest()) {
    // The first document is what is captured. A meta refresh, a frame or a form that
    // navigates gets 204 No Content, which Chromium treats as "stay on this page";
    // aborting it instead would replace the email with an error page.
    current?.blockedRequests.push(url);
    return route.fulfill({ status: 204, body: '' });
  }
  if (url.startsWith(`${ASSET_ORIGIN}/`)) {
    const image = current?.images.served.get(url.slice(ASSET_ORIGIN.length));
    if (image) return route.fulfill({ body: image.data, contentType: image.contentType });
  }
  current?.blockedRequests.push(url);
  return route.abort('blockedbyclient');
}
