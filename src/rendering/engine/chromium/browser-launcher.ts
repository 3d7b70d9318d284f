import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import type { EngineJail } from '../../jail/jail';
import type { SandboxMode } from '../engine-port';

/** Flags for a headless browser on a closed network (the sandbox is Playwright's `chromiumSandbox`). */
const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-features=Translate,MediaRouter,OptimizationHints',
  // Glyphs at their own fractional advances, as Apple's and Android's clients draw them:
  // with hinting, the headless shell rounds a web font's advances (a local() or url() face),
  // and scaled text shows gaps ("t ext") that no client shows.
  '--font-render-hinting=none',
];

/**
 * Launches Chromium in the engine jail (its own network namespace, ENGINE_USER where the
 * service is root; Playwright talks to it over the pipes it inherits, fds 3 and 4) with its
 * own sandbox as planned (sandbox.ts). A `preferred` sandbox that cannot start (a container's
 * seccomp profile, for one, can refuse the namespaces the kernel allows) is given up once,
 * saying why, and not tried again at each relaunch.
 */
export class BrowserLauncher {
  private launches = 0;

  constructor(
    private readonly jail: () => EngineJail,
    private mode: SandboxMode,
    private readonly onSandboxOff?: (reason: string) => void,
    /** The engine it launches for: its jail's and its home folders' name. */
    private readonly engine = 'chromium',
  ) {}

  async launch(chromiumPath: string): Promise<Browser> {
    const jail = this.jail();
    const home = jail.home(`${this.engine}-${++this.launches}`);
    const { executablePath, env } = jail.launcher(this.engine, chromiumPath, {
      engine: this.engine,
      network: 'private',
      passFds: [3, 4],
      profile: { arg: '--user-data-dir', dir: join(home, 'profile') },
    });
    const launch = (sandbox: boolean) =>
      chromium.launch({
        executablePath,
        env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: home, TMPDIR: home, ...env },
        headless: true,
        chromiumSandbox: sandbox,
        args: CHROMIUM_ARGS,
        // The service drains captures on SIGTERM and closes the browser last; Playwright's
        // own handlers would kill it first and fail every capture in flight.
        handleSIGTERM: false,
        handleSIGINT: false,
        handleSIGHUP: false,
      });
    if (this.mode === 'off') return launch(false);
    try {
      return await launch(true);
    } catch (error) {
      if (this.mode === 'required') throw error;
      const why = /No usable sandbox[^\n]*/.exec(String(error))?.[0] ?? firstLine(error);
      this.mode = 'off';
      this.onSandboxOff?.(`Chromium could not start its sandbox here (${why})`);
      return launch(false);
    }
  }
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0];
}
