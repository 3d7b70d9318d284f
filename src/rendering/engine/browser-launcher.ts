import { Browser, chromium } from 'playwright-core';
import type { SandboxMode } from './sandbox';

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
 * Launches Chromium with its own sandbox as planned (sandbox.ts). A `preferred` sandbox
 * that cannot start (a container's seccomp profile, for one, can refuse the namespaces the
 * kernel allows) is given up once, saying why, and not tried again at each relaunch.
 */
export class BrowserLauncher {
  constructor(
    private mode: SandboxMode,
    private readonly onSandboxOff?: (reason: string) => void,
  ) {}

  async launch(executablePath: string | undefined): Promise<Browser> {
    const launch = (sandbox: boolean) =>
      chromium.launch({
        executablePath,
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
