import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Debian's builds, best first: the headless shell starts faster and uses less memory. */
const SYSTEM_CANDIDATES = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
];

/**
 * The Chromium to launch: CHROMIUM_PATH when configured, else Playwright's own browser
 * where installed, else Debian's (Playwright cannot download its own here). Debian's
 * /usr/bin/chromium is a wrapper script, so the binaries in /usr/lib/chromium come first.
 */
export function resolveChromiumPath(configured?: string): string {
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH ${configured} does not exist`);
    return configured;
  }
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  const found = [bundled, ...SYSTEM_CANDIDATES].find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found: run scripts/setup.sh (apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH',
    );
  }
  return found;
}
