import { spawnSync } from 'node:child_process';

/** An unprivileged local user to attack as: nobody. */
export const NOBODY = 65534;

/** What the attacker tries: X displays by socket name, loopback ports, files and folders. */
export interface AttackTargets {
  /** Unix socket names of X servers; a leading '@' names an abstract socket. */
  displays: string[];
  ports: number[];
  paths: string[];
}

export interface AttackResults {
  /** Displays that accepted a connection without a cookie (X11 setup answered Success). */
  displaysOpened: string[];
  /** Displays it could not even reach, with why. */
  displaysUnreachable: Record<string, string>;
  /** Ports that accepted a TCP connection. */
  portsOpened: number[];
  /** Paths it could read (a file's bytes, or a folder's listing). */
  pathsRead: string[];
}

/**
 * The attacker's side, run as `uid` in a Node of its own: a plain X11 connection set-up with
 * no authorization (what any X client sends first), a TCP connect, a read. Inline, so the
 * unprivileged user needs nothing of the project's files.
 */
const ATTACK = String.raw`
const net = require('net'), fs = require('fs');
const targets = JSON.parse(process.argv[1]);
const results = { displaysOpened: [], displaysUnreachable: {}, portsOpened: [], pathsRead: [] };
const tryDisplay = (name) => new Promise((resolve) => {
  const path = name.startsWith('@') ? '\0' + name.slice(1) : name;
  const socket = net.connect({ path });
  const done = (how) => { socket.destroy(); resolve(how); };
  socket.setTimeout(3000, () => done('timeout'));
  socket.on('error', (error) => done(error.code));
  socket.on('connect', () => {
    const setup = Buffer.alloc(12);
    setup.write('l', 0); setup.writeUInt16LE(11, 2);
    socket.write(setup);
  });
  socket.on('data', (data) => done(data[0] === 1 ? 'opened' : 'refused'));
});
const tryPort = (port) => new Promise((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.setTimeout(2000, () => { socket.destroy(); resolve(false); });
  socket.on('error', () => resolve(false));
  socket.on('connect', () => { socket.destroy(); resolve(true); });
});
(async () => {
  for (const name of targets.displays) {
    const how = await tryDisplay(name);
    if (how === 'opened') results.displaysOpened.push(name);
    else if (how !== 'refused') results.displaysUnreachable[name] = how;
  }
  for (const port of targets.ports) if (await tryPort(port)) results.portsOpened.push(port);
  for (const path of targets.paths) {
    try {
      if (fs.statSync(path).isDirectory()) fs.readdirSync(path); else fs.readFileSync(path);
      results.pathsRead.push(path);
    } catch {}
  }
  console.log(JSON.stringify(results));
})();
`;

/** Runs the attack as `uid`; throws if the attacker itself could not run. */
export function attackAs(uid: number, targets: AttackTargets): AttackResults {
  const child = spawnSync(process.execPath, ['-e', ATTACK, JSON.stringify(targets)], {
    uid,
    gid: uid,
    cwd: '/',
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`the attacker failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout.trim()) as AttackResults;
}
