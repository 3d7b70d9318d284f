import { join } from 'node:path';
import {
  debianVersion,
  findExecutable,
  firstExecutable,
  multiarchLibDirs,
} from '../engine-install';

/** What a WebKit capture runs: the driver, the browser it drives, the display server. */
export interface WebKitInstall {
  driver: string;
  browser: string;
  xvfb: string;
  version: string;
}

/** WebKitGTK as Debian installs it (webkit2gtk-driver, xvfb), or why it cannot run here. */
export function findWebKit(): WebKitInstall | { missing: string } {
  const driver = findExecutable('WebKitWebDriver');
  const browser = firstExecutable(
    multiarchLibDirs().flatMap((dir) => [
      join(dir, 'webkit2gtk-4.1', 'MiniBrowser'),
      join(dir, 'webkitgtk-6.0', 'MiniBrowser'),
    ]),
  );
  const xvfb = findExecutable('Xvfb');
  if (!driver)
    return { missing: 'WebKitWebDriver (Debian package webkit2gtk-driver) is not installed' };
  if (!browser) return { missing: "WebKitGTK's MiniBrowser is not installed" };
  if (!xvfb) return { missing: 'Xvfb (Debian package xvfb) is not installed' };
  const version =
    debianVersion('libwebkit2gtk-4.1-0') ?? debianVersion('libwebkitgtk-6.0-4') ?? 'unknown';
  return { driver, browser, xvfb, version };
}
