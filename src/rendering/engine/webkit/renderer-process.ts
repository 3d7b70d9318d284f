import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { within } from '../../../base/system/deadline';
import type { EngineJail } from '../../jail/jail';
import { RendererChannel, RendererReply } from './renderer-channel';
import type { WebKitInstall } from './webkit-install';

/** How long a new renderer (its display, GTK, WebKit) may take to say it is ready. */
const START_MS = 30_000;

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

export interface RendererSettings {
  scale: number;
  dark: boolean;
  /** WebKit's own web-process sandbox (bubblewrap). */
  sandbox: boolean;
  markerCookie: string;
}

/**
 * One webkit-renderer.py, in the engine jail: its web views, web processes and display are
 * all below it. Requests go over its two pipes; it going away fails every request under way.
 */
export class RendererProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly channel: RendererChannel,
    /** The jail's pid: every process of this renderer is below it. */
    readonly pid: number,
    private readonly stderr: string[],
    readonly home: string,
  ) {}

  static async start(
    jail: EngineJail,
    install: WebKitInstall,
    settings: RendererSettings,
    name: string,
  ): Promise<RendererProcess> {
    const home = jail.home(name);
    const config = join(home, 'config');
    mkdirSync(join(config, 'fontconfig'), { recursive: true });
    // Made by the service (owner-only): given to the engine's user with the rest of its home.
    jail.writeFile(join(config, 'fontconfig', 'fonts.conf'), APPLE_SYSTEM_FONT);
    // The renderer runs as the engine's user: from a copy that user may read (EngineJail.programs).
    const programs = jail.programs('webkit-renderer', rendererFiles(install.renderer));
    const script = join(programs, basename(install.renderer));
    const child = jail.spawn(install.python, ['-I', script], {
      engine: 'webkit',
      network: 'private',
      own: [home],
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      passFds: [3, 4],
      env: {
        PATH: '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        HOME: home,
        TMPDIR: home,
        XDG_CONFIG_HOME: config,
        XDG_CACHE_HOME: join(home, 'cache'),
        XDG_DATA_HOME: join(home, 'data'),
        FONTCONFIG_FILE: join(config, 'fontconfig', 'fonts.conf'),
        GDK_BACKEND: 'x11',
        GDK_SCALE: String(settings.scale),
        GDK_DPI_SCALE: '1',
        // No accessibility bus on a server: GTK would wait for it at each window.
        NO_AT_BRIDGE: '1',
        RENDERER_XVFB: install.xvfb,
        RENDERER_DARK: settings.dark ? '1' : '0',
        RENDERER_SANDBOX: settings.sandbox ? '1' : '0',
        RENDERER_MARKER_COOKIE: settings.markerCookie,
      },
    });
    const stderr: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.push(chunk.toString());
      if (stderr.length > 20) stderr.shift();
    });
    const channel = new RendererChannel(child.stdio[3] as Writable, child.stdio[4] as Readable);
    const process = new RendererProcess(child, channel, child.pid ?? -1, stderr, home);
    const exited = once(child, 'exit').then(([code, signal]) => {
      rmSync(home, { recursive: true, force: true }); // its jail ended everything in it
      const error = new Error(
        `WebKit's renderer exited (${signal ?? code})${process.lastWords ? `: ${process.lastWords}` : ''}`,
      );
      channel.close(error);
      return error;
    });
    const ready = Promise.race([channel.ready, exited.then((error) => Promise.reject(error))]);
    try {
      await within(ready, START_MS, () => {
        throw new Error(`WebKit's renderer did not start within ${START_MS} ms`);
      });
    } catch (error) {
      process.kill();
      throw error;
    }
    return process;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  request(header: Record<string, unknown>, payload?: Buffer): Promise<RendererReply> {
    return this.channel.request(header, payload);
  }

  /** Ends the renderer and everything below it (the jail kills its tree on SIGTERM). */
  kill(): void {
    if (this.alive) this.child.kill('SIGTERM');
  }

  async exited(): Promise<void> {
    if (this.alive) await once(this.child, 'exit');
  }

  /** Its last words, for an error that needs them. */
  get lastWords(): string {
    return this.stderr.join('').trim().split('\n').slice(-3).join(' | ');
  }
}

/** The renderer's script and the modules beside it. */
function rendererFiles(script: string): string[] {
  const folder = dirname(script);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.py'))
    .map((name) => join(folder, name));
}
