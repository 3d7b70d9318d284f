import type { EngineDescriptor } from '../engine-port';
import { findExecutable } from '../../../base/system/installed-programs';
import { EngineJail } from '../../jail/jail';
import { WebKitEngine } from './webkit-engine';
import { findWebKit } from './webkit-install';

/** Apple's engine, as WebKitGTK draws it (webkit-engine.ts). */
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
};
