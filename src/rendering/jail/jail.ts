import { ChildProcess, execFileSync, spawn, StdioOptions } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { findExecutable } from '../../base/system/installed-programs';
import { ENGINE_MARKER, ownMarker, RUN_FOLDER_PREFIX, sweepOrphans } from './orphans';

/** The jail itself: Python's standard library only (engine-jail.py says why). */
const JAIL_SCRIPT = join(__dirname, 'engine-jail.py');

/** Exit code of a jail that could not make a network namespace of its own. */
const NO_PRIVATE_NETWORK = 97;

export interface JailUser {
  name: string;
  uid: number;
  gid: number;
}

/** How an engine is started: which of its descriptors it inherits, and its network. */
export interface JailedSpawn {
  /** The engine's family (chromium, webkit, gecko): the jail's process name (jail-webkit). */
  engine: string;
  /** Its own loopback only (where the kernel allows), or the machine's. */
  network: 'private' | 'shared';
  env?: Record<string, string>;
  /** The child's stdio beyond 0-2 (fd 3, 4...): descriptors the engine talks over. */
  stdio?: StdioOptions;
  /** Descriptors (3, 4...) the engine itself keeps; the jail closes the others before it. */
  passFds?: number[];
  /** An inherited socket (fd) the jail pumps to this loopback port inside the namespace. */
  forward?: { fd: number; port: number };
  /** Folders the service made for the engine, given to the engine's user before it starts. */
  own?: string[];
}

/**
 * Where and as whom this service's engines run: one per process, made at the first engine
 * start. Where the service runs as root, engines run as a dedicated unprivileged user
 * (ENGINE_USER); each engine in a network namespace of its own where the kernel allows it
 * (probed once); files in a private folder of this start; and what an earlier run that
 * died left running is ended first (orphans.ts).
 */
export class EngineJail {
  private static readonly made = new Map<string, EngineJail>();

  /** The jail of this process for ENGINE_USER, made once. */
  static for(engineUser: string): EngineJail {
    let jail = EngineJail.made.get(engineUser);
    if (!jail) EngineJail.made.set(engineUser, (jail = new EngineJail(engineUser)));
    return jail;
  }

  readonly python: string;
  readonly user?: JailUser;
  readonly privateNetwork: boolean;
  /** Why the network is or is not private: said in the engines' start-up log line. */
  readonly networkReason: string;
  private readonly runDir: string;
  private readonly marker: string;

  private constructor(engineUser: string) {
    const python = findExecutable('/usr/bin/python3') ?? findExecutable('python3');
    if (!python) throw new Error('python3 (Debian package python3) is needed to start engines');
    this.python = python;
    sweepOrphans();
    this.marker = ownMarker();
    if (process.getuid?.() === 0) this.user = lookUpUser(engineUser);
    // Owned by the service, traversable only: each engine's folder inside is its user's, 0700.
    // Short: an engine's Unix sockets live in its folder, and a socket path holds 107 bytes
    // (Chromium's full browser puts org.chromium.Chromium.XXXXXX/SingletonSocket there).
    this.runDir = makeRunFolder(engineRunBase(this.user), this.marker);
    process.once('exit', () => rmSync(this.runDir, { recursive: true, force: true }));
    const probe = this.probeNetwork();
    this.privateNetwork = probe === null;
    this.networkReason = probe ?? 'a network namespace of its own per engine (loopback only)';
  }

  /** Who the engines run as, for the start-up log. */
  get description(): string {
    const who = this.user
      ? `as ${this.user.name} (uid ${this.user.uid})`
      : `as this service's user (uid ${process.getuid?.()})`;
    return `engines run ${who}; network: ${this.networkReason}`;
  }

  /** The uid engines run as (Chromium's sandbox needs a user that is not root). */
  get engineUid(): number | undefined {
    return this.user?.uid ?? process.getuid?.();
  }

  /**
   * A fresh private folder for one engine process, owned by the engine's user (0700). Each
   * start has its own (mkdtemp's suffix): a renderer started again under the same name must
   * never empty the folder of one still ending, nor the other way round (its Xauthority went
   * with it, and its web processes could no longer open their display).
   */
  home(name: string): string {
    const dir = mkdtempSync(join(this.runDir, `${name}-`));
    if (this.user) chownSync(dir, this.user.uid, this.user.gid);
    return dir;
  }

  /**
   * Program files an engine's user runs (the WebKit renderer's scripts), copied once into
   * this start's run folder: readable by the engine's group and nobody else's, so that a
   * checkout in a folder only root may enter runs as well as one anyone may read, and what
   * the engines run is what they read, whatever happens to the checkout meanwhile.
   */
  programs(name: string, files: string[]): string {
    const dir = join(this.runDir, name);
    if (existsSync(dir)) return dir;
    const staging = mkdtempSync(join(this.runDir, `${name}-`));
    for (const file of files) {
      const copy = join(staging, basename(file));
      copyFileSync(file, copy);
      this.shareWithEngine(copy, 0o640);
    }
    this.shareWithEngine(staging, 0o750);
    renameSync(staging, dir);
    return dir;
  }

  /** The service's own file, readable (and a folder passable) by the engine's group only. */
  private shareWithEngine(path: string, mode: number): void {
    if (this.user) chownSync(path, process.getuid?.() ?? 0, this.user.gid);
    chmodSync(path, this.user ? mode : mode & 0o700);
  }

  /** Writes a file into an engine's folder, owned by the engine's user. */
  writeFile(path: string, text: string): void {
    writeFileSync(path, text, { mode: 0o600 });
    if (this.user) chownSync(path, this.user.uid, this.user.gid);
  }

  /** Starts `program` in the jail: the service's own child, the engine below it. */
  spawn(program: string, args: string[], options: JailedSpawn): ChildProcess {
    return spawn(this.python, ['-I', '-S', JAIL_SCRIPT, ...args], {
      env: { ...options.env, ...this.jailEnv(program, options) },
      stdio: options.stdio ?? ['ignore', 'ignore', 'pipe'],
    });
  }

  /**
   * An executable that starts `program` in the jail, for a launcher that only takes an
   * executable and arguments (Playwright): a two-line script in this start's private folder,
   * with the jail's settings in the environment the launcher passes on. `profile` replaces the
   * folder the launcher names in that argument (made where the engine's user may not reach).
   */
  launcher(
    name: string,
    program: string,
    options: JailedSpawn & { profile?: { arg: string; dir: string } },
  ): { executablePath: string; env: Record<string, string> } {
    const executablePath = join(this.runDir, `${this.user?.name ?? 'self'}-${name}-launcher`);
    writeFileSync(
      executablePath,
      `#!/bin/sh\nexec ${shellWord(this.python)} -I -S ${shellWord(JAIL_SCRIPT)} "$@"\n`,
      { mode: 0o700 },
    );
    const env = this.jailEnv(program, options);
    if (options.profile) {
      env.JAIL_PROFILE_ARG = options.profile.arg;
      env.JAIL_PROFILE = options.profile.dir;
    }
    return { executablePath, env };
  }

  private jailEnv(program: string, options: JailedSpawn): Record<string, string> {
    const env: Record<string, string> = {
      JAIL_PROGRAM: program,
      JAIL_ENGINE: options.engine,
      JAIL_PARENT: String(process.pid),
      JAIL_NETWORK: options.network === 'private' && this.privateNetwork ? 'private' : 'shared',
      [ENGINE_MARKER]: this.marker,
    };
    if (this.user) env.JAIL_USER = `${this.user.uid}:${this.user.gid}`;
    if (options.passFds?.length) env.JAIL_PASS_FDS = options.passFds.join(',');
    if (options.forward) env.JAIL_FORWARD = `${options.forward.fd}:${options.forward.port}`;
    if (options.own?.length) env.JAIL_OWN = options.own.join(':');
    return env;
  }

  /** null when a jail can have a network namespace of its own here; else why not. */
  private probeNetwork(): string | null {
    try {
      execFileSync(this.python, ['-I', '-S', JAIL_SCRIPT], {
        env: {
          ...this.jailEnv('/bin/true', { engine: 'probe', network: 'private' }),
          JAIL_NETWORK: 'private',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 10_000,
      });
      return null;
    } catch (error) {
      const { status, stderr } = error as { status?: number; stderr?: Buffer };
      const said =
        stderr
          ?.toString()
          .trim()
          .replace(/^engine-jail: /, '') ?? String(error);
      return status === NO_PRIVATE_NETWORK
        ? `shared with the machine (${said})`
        : `shared with the machine (the jail failed: ${said})`;
    }
  }
}

/**
 * This start's run folder, made by this process alone: mkdtemp creates it exclusively (a
 * name that exists is never reused, and its random suffix cannot be guessed from /proc, as
 * the pid and start time can), then its owner and mode are checked without following a link.
 * Every later path the service writes, executes or hands to the jail to chown lies inside
 * it, so none of them can be another user's.
 */
export function makeRunFolder(base: string, marker: string): string {
  const dir = mkdtempSync(join(base, `${RUN_FOLDER_PREFIX}${marker.replace(':', '-')}-`));
  chmodSync(dir, 0o711);
  const made = lstatSync(dir);
  const uid = process.getuid?.();
  if (
    !made.isDirectory() ||
    (uid !== undefined && made.uid !== uid) ||
    (made.mode & 0o7777) !== 0o711
  )
    throw new Error(`the engines' run folder ${dir} is not this service's own: refusing to use it`);
  return dir;
}

/** ENGINE_USER's uid and gid, or a boot error that says how to make it. */
function lookUpUser(name: string): JailUser {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
  try {
    return { name, uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      `the service runs as root, so its engines run as ENGINE_USER=${name}, which does not exist here: ` +
        `create it (scripts/setup.sh does: useradd --system ${name}) or set ENGINE_USER to an unprivileged user`,
    );
  }
}

/**
 * Where this start's engine folders go: the temporary folder, if the engine's user can pass
 * through every folder above it (a TMPDIR private to the service's user would shut it out);
 * else /tmp, which every user can.
 */
export function engineRunBase(user: JailUser | undefined): string {
  const base = tmpdir();
  if (!user) return base;
  for (let dir = base; ; dir = dirname(dir)) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) return '/tmp';
    } catch {
      return '/tmp';
    }
    if (dir === dirname(dir)) return base;
  }
}

function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
