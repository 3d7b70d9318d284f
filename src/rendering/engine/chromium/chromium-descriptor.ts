import type { EngineDescriptor } from '../engine-port';
import { programVersion } from '../engine-install';
import { ChromiumEngine } from './chromium-engine';
import { resolveChromiumPath } from './chromium-path';

/** Blink, as the headless shell draws it; it also draws every profile whose engine is absent. */
export const CHROMIUM: EngineDescriptor = {
  name: 'chromium',
  title: 'Chromium',
  label: 'Chromium (Blink)',
  processNames: /chrom|headless/i,
  find: (options) => {
    // Chromium's own absence is reported at its first capture (the pool looks it up lazily).
    let path: string | undefined;
    try {
      path = resolveChromiumPath(options.executablePath);
    } catch {
      path = undefined;
    }
    return {
      version: (path && programVersion(path)) ?? 'unknown',
      create: (options) => new ChromiumEngine(options),
    };
  },
};
