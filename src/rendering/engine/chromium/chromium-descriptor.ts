import type { EngineDescriptor, EngineOptions } from '../engine-port';
import { programVersion } from '../../../base/system/installed-programs';
import { EngineHost } from '../engine-host';
import { ChromiumDriver } from './chromium-driver';
import { resolveChromiumPath } from './chromium-path';
import { ChromiumSettings, chromiumSettings } from './chromium-settings';
import { planSandbox, sandboxFacts } from './sandbox';

const chromiumPath = (options: Pick<EngineOptions, 'settings'>) =>
  resolveChromiumPath(chromiumSettings(options.settings).CHROMIUM_PATH);

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
      path = chromiumPath(options);
    } catch {
      path = undefined;
    }
    return {
      version: (path && programVersion(path)) ?? 'unknown',
      create: (options) => new EngineHost(new ChromiumDriver(options), options),
    };
  },
  settings: ChromiumSettings,
  planSandbox: (settings, engineUser) =>
    planSandbox((settings as ChromiumSettings).CHROMIUM_SANDBOX, sandboxFacts(engineUser)),
  cannotStart: (options) => {
    try {
      chromiumPath(options);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  },
};
