import type { Browser, BrowserContext } from 'playwright-core';
import { prepareContext } from '../context-router';

/** What a browser context is opened with (viewport, scale, colour scheme, ...). */
export type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

/** A new context, ready for captures (see prepareContext), its page open if asked. */
export async function openContext(
  browser: Browser,
  options: ContextOptions,
  { withPage = false } = {},
): Promise<BrowserContext> {
  const context = await prepareContext(await browser.newContext(options));
  if (withPage) await context.newPage();
  return context;
}

/**
 * Contexts are handed on only between captures with the same options; viewport and
 * colour scheme aside, which the page sets for each capture.
 */
export function contextSignature(options: ContextOptions): string {
  const { viewport: _viewport, colorScheme: _colorScheme, ...fixed } = options;
  return JSON.stringify(fixed);
}
