import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { reapOnExit } from '../child-reaper';

/** How long a new WebKitWebDriver may take to answer. */
const START_MS = 10_000;

/**
 * MiniBrowser's toolbar and entry have GTK minimum widths wider than a phone (~447 px,
 * ENGINES.md); without this the window, and so the page, cannot be 375 px wide.
 */
const NARROW_WINDOWS_CSS = `* { min-width: 0; min-height: 0; }
headerbar, toolbar, .toolbar, entry, button { padding: 0; margin: 0; }
`;

/**
 * WebKit reads `-apple-system` as the keyword `system-ui`, the platform's interface font, which
 * WebKitGTK asks fontconfig for by that name: on Apple's platforms San Francisco, drawn with
 * its stand-in, Inter (client-fonts.ts), as Chromium draws the frame's `-apple-system` face.
 * The generic families are Apple's too: sans-serif is Helvetica, serif Times, monospace
 * Courier, drawn with their metric clones (Liberation), as Blink draws them here; fontconfig's
 * own choice would be Noto or DejaVu, wider and another shape. These rules come before the
 * system's, so they see the request as WebKit made it: only one that names the generic family
 * first. The system's rules add sans-serif behind every family they lack, and a strong
 * Liberation Sans there would stop WebKit falling through a missing web font's stack.
 */
const APPLE_SYSTEM_FONT = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <match target="pattern">
    <test name="family"><string>system-ui</string></test>
    <edit name="family" mode="assign" binding="strong"><string>Inter</string></edit>
  </match>
  <match target="pattern">
    <test qual="first" name="family"><string>sans-serif</string></test>
    <edit name="family" mode="prepend" binding="strong"><string>Liberation Sans</string></edit>
  </match>
  <match target="pattern">
    <test qual="first" name="family"><string>serif</string></test>
    <edit name="family" mode="prepend" binding="strong"><string>Liberation Serif</string></edit>
  </match>
  <match target="pattern">
    <test qual="first" name="family"><string>monospace</string></test>
    <edit name="family" mode="prepend" binding="strong"><string>Liberation Mono</string></edit>
  </match>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`;

let gtkConfigHome: string | undefined;
/**
 * MiniBrowser's GTK and fontconfig configuration: one folder per content, shared by every
 * process of the service, written at each start of the service.
 */
function browserConfig(): string {
  if (!gtkConfigHome) {
    const files = {
      'gtk-3.0/gtk.css': NARROW_WINDOWS_CSS,
      'fontconfig/fonts.conf': APPLE_SYSTEM_FONT,
    };
    const digest = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 12);
    const home = join(tmpdir(), `instant-preview-gtk-${digest}`);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(home, name)), { recursive: true });
      writeFileSync(join(home, name), text);
    }
    gtkConfigHome = home;
  }
  return gtkConfigHome;
}

/**
 * One WebKitWebDriver process: it runs one session at a time (a second kills the first), and
 * its device scale is the process's (GDK_SCALE), so a driver serves one scale. Started in a
 * process group of its own, so that stopping it takes its MiniBrowser and web processes along.
 */
export class WebKitDriver {
  /** The height MiniBrowser's window adds to the page, measured at the driver's first capture. */
  chromeHeight?: number;

  private constructor(
    private readonly process: ChildProcess,
    readonly url: string,
    readonly scale: number,
  ) {}

  static async start(display: string, scale: number, executable: string): Promise<WebKitDriver> {
    const port = await freePort();
    const child = spawn(executable, [`--port=${port}`, '--host=127.0.0.1'], {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        DISPLAY: display,
        GDK_SCALE: String(scale),
        GDK_DPI_SCALE: '1',
        XDG_CONFIG_HOME: browserConfig(),
        FONTCONFIG_FILE: join(browserConfig(), 'fontconfig', 'fonts.conf'),
        // No accessibility bus on a server: GTK would wait for it at each window.
        NO_AT_BRIDGE: '1',
      },
    });
    reapOnExit(child, { group: true });
    const driver = new WebKitDriver(child, `http://127.0.0.1:${port}`, scale);
    const deadline = Date.now() + START_MS;
    // The driver says nothing when it listens: ask its status until it answers.
    while (Date.now() < deadline && driver.alive()) {
      const ok = await fetch(`${driver.url}/status`, { signal: AbortSignal.timeout(1000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return driver;
      await sleep(25);
    }
    driver.stop();
    throw new Error(`WebKitWebDriver did not answer within ${START_MS} ms`);
  }

  get pid(): number {
    return this.process.pid ?? -1;
  }

  alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Ends the driver, its browser and web processes at once. */
  stop(): void {
    if (!this.alive() || this.process.pid === undefined) return;
    try {
      process.kill(-this.process.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  async exited(): Promise<void> {
    if (this.alive()) await once(this.process, 'exit');
  }
}

/** A loopback port nobody listens on now (the driver takes the port it is given). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
