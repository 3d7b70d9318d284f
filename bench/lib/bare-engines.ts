import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer from 'puppeteer-core';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { findGecko } from '../../src/rendering/engine/gecko/gecko-install';
import { loadConfig } from '../../src/platform/config/app-config';
import { MAX_DEVICE_HEIGHT } from '../../src/rendering/engine/engine-port';
import { EngineJail } from '../../src/rendering/jail/jail';
import { RendererProcess } from '../../src/rendering/engine/webkit/renderer-process';
import { findWebKit } from '../../src/rendering/engine/webkit/webkit-install';
import { WebKitPage } from '../../src/rendering/engine/webkit/webkit-page';
import { ASSET_ORIGIN, RenderImage } from '../../src/rendering/model/email-content';

/** The email and its images from a plain loopback server: no proxy, no pipeline. */
async function serveEmail(
  html: string,
  images: RenderImage[],
): Promise<{ url: string; server: Server }> {
  const byPath = new Map(images.map((image, i) => [`/img/${i}`, image]));
  let local = html;
  images.forEach((image, i) => (local = local.replaceAll(image.url, `/img/${i}`)));
  const server = createServer((request, response) => {
    const image = byPath.get(request.url ?? '');
    if (image)
      return response.writeHead(200, { 'content-type': image.contentType }).end(image.data);
    response.writeHead(200, { 'content-type': 'text/html' }).end(local);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/**
 * WebKit at its fastest with the same steps a capture needs: the service's own resident
 * renderer (one web view and web process per capture, the isolation every email gets), the
 * email loaded with its images, WebKit's full-document snapshot; no pipeline, settling,
 * measuring or sizes. Milliseconds per capture.
 */
export async function bareWebKit(
  html: string,
  images: RenderImage[],
  client: string,
  runs: number,
) {
  const install = findWebKit();
  if ('missing' in install) throw new Error(install.missing);
  const profile = clientCatalog.find(client)!;
  const jail = EngineJail.for(loadConfig(process.env).engineUser);
  const renderer = await RendererProcess.start(
    jail,
    install,
    { scale: profile.device_scale_factor, dark: false, sandbox: false, markerCookie: 'bare' },
    'bare-webkit',
  );
  const served = new Map(images.map((image, i) => [`/${i}`, image]));
  let local = html;
  images.forEach((image, i) => (local = local.replaceAll(image.url, `${ASSET_ORIGIN}/${i}`)));
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      const page = await WebKitPage.open(renderer, profile.viewport);
      await page.load(local, { served });
      await page.screenshot({
        width: profile.viewport.width,
        height: MAX_DEVICE_HEIGHT / profile.device_scale_factor,
        scale: profile.device_scale_factor,
        contentHeight: 0,
        contentWidth: 0,
      });
      await page.close();
      if (i >= 2) samples.push(performance.now() - started);
    }
  } finally {
    renderer.kill();
    await renderer.exited();
  }
  return samples;
}

/**
 * Gecko at its fastest with the same steps: one Firefox, a new user context per capture (the
 * isolation every email gets), the viewport and scale set, a full-page screenshot.
 */
export async function bareGecko(html: string, images: RenderImage[], client: string, runs: number) {
  const install = findGecko();
  if ('missing' in install) throw new Error(install.missing);
  const profile = clientCatalog.find(client)!;
  const { url, server } = await serveEmail(html, images);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: install.firefox,
    headless: true,
    extraPrefsFirefox: { 'javascript.enabled': false, 'ui.useOverlayScrollbars': 1 },
  });
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({
        ...profile.viewport,
        deviceScaleFactor: profile.device_scale_factor,
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.screenshot({ fullPage: true, type: 'png' });
      await context.close();
      if (i >= 2) samples.push(performance.now() - started);
    }
  } finally {
    await browser.close();
    server.close();
  }
  return samples;
}
