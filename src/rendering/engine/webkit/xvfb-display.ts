import { ChildProcess, spawn } from 'node:child_process';
import { within } from '../../../common/deadline';
import { reapOnExit } from '../child-reaper';

/** How long Xvfb may take to say which display it took. */
const START_MS = 10_000;

/**
 * The X display WebKitGTK draws on (it has no headless mode, ENGINES.md): one Xvfb started by
 * the service on first use, on a display number Xvfb picks itself (`-displayfd`), and started
 * again at the next use if it goes away. Nobody has to run a display for the service.
 */
export class XvfbDisplay {
  private process?: ChildProcess;
  private starting?: Promise<string>;
  /** Xvfb went away unasked and no successor is up yet: readiness is down. */
  lost = false;

  constructor(
    private readonly executable: string,
    private readonly onLost?: () => void,
  ) {}

  /** `:N`, started if it is not running. */
  ready(): Promise<string> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  get up(): boolean {
    return this.process !== undefined && this.process.exitCode === null && !this.lost;
  }

  private async start(): Promise<string> {
    // No TCP listener; the 24-bit screen is only a default for windows, which may be larger.
    const xvfb = spawn(
      this.executable,
      ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x1024x24'],
      {
        stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
      },
    );
    this.process = xvfb;
    reapOnExit(xvfb);
    const announced = new Promise<string>((resolve, reject) => {
      let text = '';
      const pipe = xvfb.stdio[3] as NodeJS.ReadableStream;
      pipe.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) resolve(`:${text.trim()}`);
      });
      xvfb.once('error', reject);
      xvfb.once('exit', (code) =>
        reject(new Error(`Xvfb exited (${code}) before taking a display`)),
      );
    });
    const display = await within(announced, START_MS, () => {
      xvfb.kill('SIGKILL');
      throw new Error(`Xvfb did not take a display within ${START_MS} ms`);
    });
    this.lost = false;
    xvfb.once('exit', () => {
      if (this.process !== xvfb) return;
      this.starting = undefined;
      this.process = undefined;
      if (this.closed) return;
      this.lost = true;
      this.onLost?.();
    });
    return display;
  }

  private closed = false;

  close(): void {
    this.closed = true;
    this.process?.kill('SIGTERM');
    this.process = undefined;
    this.starting = undefined;
  }
}
