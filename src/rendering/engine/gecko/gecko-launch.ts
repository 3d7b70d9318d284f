import { Browser as InstalledBrowser, createProfile } from '@puppeteer/browsers';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Browser, ConnectionTransport } from 'puppeteer-core';
import WebSocket from 'ws';
import { within } from '../../../base/system/deadline';
import type { EngineJail } from '../../jail/jail';
import type { GeckoInstall } from './gecko-install';

/** Firefox's remote agent port inside the engine's own network namespace (nobody else's). */
const REMOTE_PORT = 9222;
/**
 * Firefox's first start here takes ~3.5 s (docs/engines.md#measurements); a few times that
 * with both cores busy.
 */
const START_MS = 60_000;

/** A Firefox in the engine jail, and puppeteer's connection to it. */
export interface LaunchedFirefox {
  browser: Browser;
  process: ChildProcess;
  /** The jail's pid: Firefox and its content processes are below it. */
  pid: number;
}

/**
 * Starts Firefox in the engine jail and connects puppeteer to its remote agent (WebDriver
 * BiDi). The agent listens on TCP only, so it runs in a network namespace of its own, and
 * the service reaches it through a socket the jail forwards (fd 3): no port of it is open to
 * anyone else on the machine. puppeteer.launch would open the port on the machine's loopback.
 */
export async function launchFirefox(
  jail: EngineJail,
  install: GeckoInstall,
  name: string,
  preferences: Record<string, unknown>,
): Promise<LaunchedFirefox> {
  const home = jail.home(name);
  const profile = join(home, 'profile');
  await createProfile(InstalledBrowser.FIREFOX, {
    path: profile,
    // puppeteer's own, for BiDi: content in one process per site is not yet driven reliably.
    preferences: { ...preferences, 'fission.webContentIsolationStrategy': 0 },
  });
  const child = jail.spawn(
    install.firefox,
    ['--headless', '--no-remote', '--profile', profile, `--remote-debugging-port=${REMOTE_PORT}`],
    {
      engine: 'gecko',
      network: 'private',
      own: [profile],
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      forward: { fd: 3, port: REMOTE_PORT },
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: home, TMPDIR: home },
    },
  );
  // Its jail ended everything that used the folder: nothing of the profile outlives it.
  void once(child, 'exit').then(() => rmSync(home, { recursive: true, force: true }));
  try {
    await within(listening(child), START_MS, () => {
      throw new Error(`Firefox did not start its remote agent within ${START_MS} ms`);
    });
    const transport = await connect(child.stdio[3] as Socket);
    // puppeteer (some 200 modules) is loaded at the first Firefox launch, not with the
    // service: a process that never starts Gecko does without it.
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.connect({ transport, protocol: 'webDriverBiDi' });
    return { browser, process: child, pid: child.pid ?? -1 };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Ends a Firefox by its jail, which ends its content processes too; resolves once it exited. */
export async function endFirefox(launched: LaunchedFirefox | undefined): Promise<void> {
  // Ended already (a jail killed past the grace has a signal, not an exit code).
  const { process: jail } = launched ?? {};
  if (!jail || jail.exitCode !== null || jail.signalCode !== null) return;
  const exited = once(jail, 'exit');
  jail.kill('SIGTERM');
  await exited;
}

/** Resolves when Firefox says its remote agent listens; rejects if it exits first. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const said: string[] = [];
    const lines = createInterface({ input: child.stderr! });
    lines.on('line', (line) => {
      if (/^WebDriver BiDi listening on ws:\/\//.test(line)) resolve();
      else if (said.push(line) > 5) said.shift();
    });
    void once(child, 'exit').then(([code, signal]) =>
      reject(
        new Error(`Firefox exited (${signal ?? code}) before it was ready: ${said.join(' | ')}`),
      ),
    );
  });
}

/** A WebSocket to the remote agent over the forwarded socket, as puppeteer's transport. */
async function connect(socket: Socket): Promise<ConnectionTransport> {
  const ws = new WebSocket(`ws://127.0.0.1:${REMOTE_PORT}/session`, {
    perMessageDeflate: false,
    maxPayload: 256 * 1024 * 1024,
    createConnection: () => socket,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const transport: ConnectionTransport = {
    send: (message) => ws.send(message),
    close: () => ws.close(),
  };
  ws.on('message', (data) => transport.onmessage?.(data.toString()));
  ws.on('close', () => transport.onclose?.());
  ws.on('error', () => undefined);
  return transport;
}
