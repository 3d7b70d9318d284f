import type { ImagePlan } from '../model/email-content';
import { MARKER_COOKIE } from './context-router';
import { CaptureSettings, MAX_DEVICE_HEIGHT, PageCapture } from './engine-port';
import { finishedImage, Shot } from './image-sizes';
import { measurePage } from './page-scripts';

/** The area a screenshot covers: the page's top, in CSS pixels, at the device scale. */
export interface ScreenshotArea {
  width: number;
  height: number;
  scale: number;
  /** The whole page's height: taller than `height` when the capture is cut. */
  contentHeight: number;
  /** The whole page's width: wider than `width` when the email overflows the viewport. */
  contentWidth: number;
}

/**
 * What an engine supplies to the capture sequence: the few things only it knows how to do,
 * on one page of one email (the page is the engine's isolated context for that email).
 */
export interface PageDriver {
  /** Loads the document: its stored copies served, every other request refused. */
  load(html: string, images: ImagePlan): Promise<void>;
  /** Waits until fonts are loaded and images decoded, each wait bounded. */
  settle(): Promise<void>;
  /** Runs a page-scripts function in the automation world (never the email's). */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R>;
  /** `area` in device pixels: a PNG as the engine encoded it, or its raw pixels. */
  screenshot(area: ScreenshotArea): Promise<Shot>;
  /** The requests the page made that were refused since `load`. */
  refused(): Promise<string[]>;
}

/**
 * The capture, written once for every engine: load, settle, measure (fit to the screen where
 * the client does, the context's marker, text colours), clamp to the tallest image, shoot,
 * then mark a cut picture and recolour the colour-blind profile's.
 */
export async function captureSequence(
  driver: PageDriver,
  html: string,
  images: ImagePlan,
  settings: CaptureSettings,
): Promise<PageCapture> {
  await driver.load(html, images);
  await driver.settle();
  const measured = await driver.evaluate(measurePage, {
    fitWidth: settings.fitToWidth ? settings.width : null,
    cookie: MARKER_COOKIE,
  });
  const contentHeight = Math.ceil(measured.height);
  const maxHeight = Math.floor(MAX_DEVICE_HEIGHT / settings.scale);
  const height = Math.max(1, Math.min(contentHeight, maxHeight));
  const shot = await driver.screenshot({
    width: settings.width,
    height,
    scale: settings.scale,
    contentHeight,
    contentWidth: Math.ceil(measured.width),
  });
  // An engine that drew fewer rows than measured shows where the document ends: WebKit
  // measures a page fitted to the screen (`zoom`) unzoomed, and draws it zoomed. It was not cut.
  const rows = 'pixels' in shot ? shot.pixels.height : Math.round(height * settings.scale);
  const drawn = rows < Math.round(height * settings.scale);
  const shownHeight = drawn ? Math.ceil(rows / settings.scale) : height;
  const truncated = !drawn && contentHeight > height;
  const png = await finishedImage(shot, {
    truncatedAt: truncated ? height : undefined,
    colorblind: settings.colorblind,
  });
  return {
    png,
    width: settings.width,
    height: shownHeight,
    contentHeight: drawn ? shownHeight : contentHeight,
    truncated,
    blockedRequests: await driver.refused(),
    contextMarker: measured.marker,
    textSamples: measured.texts,
  };
}
