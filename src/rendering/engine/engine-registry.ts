import type { Engine } from '../profile/client-profile';
import type { BrowserPoolOptions } from './browser-pool';
import { ChromiumEngine } from './chromium-engine';
import { resolveChromiumPath } from './chromium-path';
import { findExecutable, programVersion } from './engine-install';
import type { EngineAdapter } from './engine-port';
import { GeckoEngine } from './gecko/gecko-engine';
import { findGecko } from './gecko/gecko-install';
import { EngineJail } from './jail/jail';
import { WebKitEngine } from './webkit/webkit-engine';
import { findWebKit } from './webkit/webkit-install';

/** What every engine is built from: the pool's options (budgets, concurrency) and hooks. */
export type EngineOptions = BrowserPoolOptions;

/** An engine installed here: its version and how to build its adapter. */
export interface InstalledEngine {
  version: string;
  create: (options: EngineOptions) => EngineAdapter;
}

/**
 * Each engine registers how it is found on this machine and built; the engine set runs what is
 * registered and names none of them. Adding an engine: its folder and one line here.
 */
export const ENGINE_REGISTRY: Record<
  Engine,
  {
    /** The engine's name in reports ("Drawn by WebKit 2.50.6"). */
    title: string;
    /** The engine with its implementation, in readiness and start-up messages. */
    label: string;
    find: (options: EngineOptions) => InstalledEngine | { missing: string };
  }
> = {
  chromium: {
    title: 'Chromium',
    label: 'Chromium (Blink)',
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
  },
  webkit: {
    title: 'WebKit',
    label: 'WebKit (WebKitGTK)',
    find: (options) => {
      const install = findWebKit();
      if ('missing' in install) return install;
      const jail = EngineJail.for(options.engineUser);
      // WebKitGTK's web-process sandbox (bubblewrap) where Chromium's may run.
      const wanted = options.sandbox !== undefined && options.sandbox !== 'off';
      const sandbox = wanted && findExecutable('bwrap') !== undefined;
      options.onEngineSandbox?.(
        'WebKit',
        sandbox
          ? 'on (bubblewrap, around each web process)'
          : wanted
            ? 'off: bubblewrap (bwrap) is not installed'
            : "off, as Chromium's here (CHROMIUM_SANDBOX off, or no user namespaces)",
      );
      return {
        version: install.version,
        create: (options) =>
          new WebKitEngine({
            install,
            jail,
            concurrency: options.concurrency,
            memoryMb: options.memoryMb ?? 0,
            yieldAfterCpuMs: options.yieldAfterCpuMs ?? 0,
            idleMs: options.contextIdleMs ?? 0,
            warm: options.warmContexts ?? false,
            sandbox,
            onRestart: options.onBrowserRestart,
          }),
      };
    },
  },
  gecko: {
    title: 'Gecko',
    label: 'Gecko (Firefox ESR)',
    find: (options) => {
      const install = findGecko();
      if ('missing' in install) return install;
      const jail = EngineJail.for(options.engineUser);
      // Firefox's remote agent listens on TCP only: kept private by a network namespace.
      if (!jail.privateNetwork)
        return {
          missing: `Firefox's remote agent would listen on a port any local user can reach: ${jail.networkReason}`,
        };
      return {
        version: install.version,
        create: (options) =>
          new GeckoEngine({
            install,
            jail,
            concurrency: options.concurrency,
            memoryMb: options.memoryMb ?? 0,
            yieldAfterCpuMs: options.yieldAfterCpuMs ?? 0,
            onRestart: options.onBrowserRestart,
            onSandbox: (state) => options.onEngineSandbox?.('Gecko', state),
            warm: options.warmContexts ?? false,
          }),
      };
    },
  },
};
