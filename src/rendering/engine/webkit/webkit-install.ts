import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  debianVersion,
  findExecutable,
  multiarchLibDirs,
} from '../../../base/system/installed-programs';

/** What a WebKit capture runs: the resident renderer (Python and WebKitGTK's bindings), Xvfb. */
export interface WebKitInstall {
  python: string;
  renderer: string;
  xvfb: string;
  version: string;
}

/** The renderer WebKit captures are drawn by (webkit-renderer.py says why it is Python). */
const RENDERER = join(__dirname, 'webkit-renderer.py');

/**
 * WebKitGTK as Debian installs it for the renderer (gir1.2-webkit2-4.1, python3-gi,
 * python3-gi-cairo, xvfb), or why it cannot run here.
 */
export function findWebKit(): WebKitInstall | { missing: string } {
  const python = findExecutable('/usr/bin/python3');
  const xvfb = findExecutable('Xvfb');
  const typelib = multiarchLibDirs().some((dir) =>
    existsSync(join(dir, 'girepository-1.0', 'WebKit2-4.1.typelib')),
  );
  const bindings = ['gi', 'cairo'].every((module) =>
    existsSync(join('/usr/lib/python3/dist-packages', module)),
  );
  if (!python) return { missing: "Debian's python3 (/usr/bin/python3) is not installed" };
  if (!typelib || !bindings)
    return {
      missing:
        "WebKitGTK's bindings (Debian packages gir1.2-webkit2-4.1, python3-gi, python3-gi-cairo) are not installed",
    };
  if (!xvfb) return { missing: 'Xvfb (Debian package xvfb) is not installed' };
  return {
    python,
    renderer: RENDERER,
    xvfb,
    version: debianVersion('libwebkit2gtk-4.1-0') ?? 'unknown',
  };
}
