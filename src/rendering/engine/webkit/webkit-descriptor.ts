import type { EngineDescriptor } from '../engine-port';
import { findExecutable } from '../../../base/system/installed-programs';
import { EngineJail } from '../../jail/jail';
import { EngineHost } from '../engine-host';
import { WebKitDriver } from './webkit-driver';
import { findWebKit } from './webkit-install';

/** Apple's engine, as WebKitGTK draws it (webkit-driver.ts, run by the engine host). */
export const WEBKIT: EngineDescriptor = {
  name: 'webkit',
  title: 'WebKit',
  label: 'WebKit (WebKitGTK)',
  processNames: /webkit|minibrowser/i,
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
      create: (options) => new EngineHost(new WebKitDriver(install, jail, sandbox), options),
    };
  },
};
