import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AppConfig } from '../config/app-config';
import { parseSpamdUrl, SpamdAddress, SpamdError } from './spamd-client';

/** How long spamd may take to compile its rules and listen. */
const START_TIMEOUT_MS = 60_000;

/**
 * SpamAssassin's daemon, reached at SPAMD_URL or started by the service on first use: on a
 * Unix socket in a folder only the service can enter (no local user reaches it), with its
 * network tests off (`--local`: no DNS blocklists), dropping to the engine user when the
 * service runs as root. A spamd that exits is started again by the next request.
 */
@Injectable()
export class SpamdProcess implements OnModuleDestroy {
  private readonly logger = new Logger('spamd');
  private child?: ChildProcess;
  private started?: Promise<SpamdAddress>;

  constructor(private readonly config: AppConfig) {}

  address(): Promise<SpamdAddress> {
    if (this.config.spamd.url) return Promise.resolve(parseSpamdUrl(this.config.spamd.url));
    this.started ??= this.start().catch((error: Error) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  onModuleDestroy(): void {
    this.stop();
  }

  private start(): Promise<SpamdAddress> {
    const binary = this.config.spamd.path;
    if (!existsSync(binary))
      return Promise.reject(new SpamdError(`spamd is not installed at ${binary} (SPAMD_PATH)`));
    const dir = join(this.config.dataDir, 'spamd');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const socket = join(dir, 'spamd.sock');
    rmSync(socket, { force: true });
    const asRoot = process.getuid?.() === 0;
    const child = spawn(
      binary,
      [
        `--socketpath=${socket}`,
        '--socketmode=0600',
        '--min-children=1',
        '--max-children=2',
        '--nouser-config',
        '--local',
        '--syslog=stderr',
        ...(asRoot ? [`--username=${this.config.engineUser}`] : []),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    this.child = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop();
        reject(new SpamdError(`spamd did not start in ${START_TIMEOUT_MS} ms`));
      }, START_TIMEOUT_MS);
      const lines = createInterface({ input: child.stderr! });
      lines.on('line', (line) => {
        if (/error|warn/i.test(line)) this.logger.warn(line);
        // spamd says when it listens: wait on that, never poll the socket.
        if (/server started on UNIX domain socket/.test(line)) {
          clearTimeout(timer);
          resolve({ path: socket });
        }
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new SpamdError(`spamd could not start: ${error.message}`));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.child === child) {
          this.child = undefined;
          this.started = undefined;
        }
        reject(new SpamdError(`spamd exited (${signal ?? code}) before it listened`));
      });
    });
  }

  /** Ends spamd and its children (its own process group). */
  private stop(): void {
    const child = this.child;
    this.child = undefined;
    this.started = undefined;
    if (child?.pid && child.exitCode === null)
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
  }
}
