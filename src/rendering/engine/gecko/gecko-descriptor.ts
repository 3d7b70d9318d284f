import type { EngineDescriptor } from '../engine-port';
import { EngineJail } from '../../jail/jail';
import { GeckoEngine } from './gecko-engine';
import { findGecko } from './gecko-install';

/** Thunderbird's engine, as Firefox ESR draws it (gecko-engine.ts). */
export const GECKO: EngineDescriptor = {
  name: 'gecko',
  title: 'Gecko',
  label: 'Gecko (Firefox ESR)',
  processNames: /gecko|firefox/i,
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
};
