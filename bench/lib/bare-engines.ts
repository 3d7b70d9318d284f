import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer from 'puppeteer-core';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { findGecko } from '../../src/rendering/engine/gecko/gecko-install';
import { WebDriverClient } from '../../src/rendering/engine/webkit/webdriver-client';
import { WebKitDriver } from '../../src/rendering/engine/webkit/webkit-driver';
import { findWebKit } from '../../src/rendering/engine/webkit/webkit-install';
import { XvfbDisplay } from '../../src/rendering/engine/webkit/xvfb-display';
import type { RenderImage } from '../../src/rendering/pipeline/email-content';

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
 * WebKit at its fastest with the same steps a capture needs (ENGINES.md): its own Xvfb and
 * driver, a new session per capture (the isolation every email gets), the window resized to
 * the content, WebDriver's screenshot. Milliseconds per capture.
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
  const { url, server } = await serveEmail(html, images);
  // The service's own display supervisor and driver, without its sessions, proxy or pipeline.
  const display = new XvfbDisplay(install.xvfb);
  const driver = await WebKitDriver.start(
    await display.ready(),
    profile.device_scale_factor,
    install.driver,
  );
  const samples: number[] = [];
  try {
    const client = new WebDriverClient(driver.url, new AbortController().signal);
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      const session = await client.newSession({
        'webkitgtk:browserOptions': {
          binary: install.browser,
          args: ['--automation', '--enable-javascript-markup=false'],
        },
      });
      await client.setWindowSize(session.id, profile.viewport.width, profile.viewport.height);
      await client.navigate(session.id, url);
      const height = await client.execute<number>(
        session.id,
        'return document.documentElement.scrollHeight;',
      );
      await client.setWindowSize(session.id, profile.viewport.width, height + 40);
      await client.screenshot(session.id);
      await client.deleteSession(session.id);
      if (i >= 2) samples.push(performance.now() - started);
    }
  } finally {
    driver.stop();
    display.close();
    server.close();
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
