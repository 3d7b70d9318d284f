import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { EngineJail } from '../../rendering/jail/jail';
import { AppConfig } from '../config/app-config';
import { parseSpamdUrl, SpamdAddress, SpamdError } from './spamd-client';
import { SPAMD_CHILDREN } from './spamd-share';

/**
 * How long one scan may take: the client gives up then, and spamd kills the child (a message
 * within the limits of notScannedBecause takes well under a second).
 */
export const SCAN_TIMEOUT_MS = 15_000;

/** How long spamd may take to compile its rules and listen. */
const START_TIMEOUT_MS = 60_000;

/**
 * SpamAssassin's daemon, reached at SPAMD_URL or started by the service on first use, in the
 * engines' jail (the engine user, a network namespace of its own, ended with the service): on
 * a Unix socket in the jail's private folder (no local user reaches it), with its network
 * tests off (`--local`: no DNS blocklists). A spamd that exits is started again by the next
 * request.
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
    // The engines' jail: the engine user, no network of its own to reach, and it dies with
    // the service (a kill -9 of the service leaves no spamd behind).
    const jail = EngineJail.for(this.config.engineUser);
    const home = jail.home('spamd');
    const socket = join(home, 'spamd.sock');
    const child = jail.spawn(
      binary,
      [
        `--socketpath=${socket}`,
        '--socketmode=0600',
        '--min-children=1',
        `--max-children=${SPAMD_CHILDREN}`,
        // A scan the service gave up on is ended by spamd itself (the child is killed).
        `--timeout-child=${Math.ceil(SCAN_TIMEOUT_MS / 1000)}`,
        '--nouser-config',
        '--local',
        '--syslog=stderr',
      ],
      {
        engine: 'spamd',
        network: 'private',
        own: [home],
        env: { PATH: '/usr/sbin:/usr/bin:/bin', HOME: home, TMPDIR: home, LANG: 'C.UTF-8' },
      },
    );
    this.child = child;
    void once(child, 'exit').then(() => rmSync(home, { recursive: true, force: true }));
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

  /** Ends spamd: its jail ends it and its children. */
  private stop(): void {
    const child = this.child;
    this.child = undefined;
    this.started = undefined;
    if (child && child.exitCode === null) child.kill('SIGTERM');
  }
}
