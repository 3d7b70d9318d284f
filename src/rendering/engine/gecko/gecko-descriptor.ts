import type { EngineDescriptor } from '../engine-port';
import { EngineJail } from '../../jail/jail';
import { EngineHost } from '../engine-host';
import { GeckoDriver } from './gecko-driver';
import { findGecko } from './gecko-install';

/** Thunderbird's engine, as Firefox ESR draws it (gecko-driver.ts, run by the engine host). */
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
      create: (options) => {
        const onSandbox = (state: string) => options.onEngineSandbox?.('Gecko', state);
        // No context is kept for an email's next capture: a Gecko page is never loaded twice.
        const hostOptions = { ...options, contextIdleMs: 0 };
        return new EngineHost(new GeckoDriver(install, jail, onSandbox), hostOptions);
      },
    };
  },
};
