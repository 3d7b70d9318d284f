import { readdirSync, readlinkSync } from 'node:fs';
import { listProc, readProc } from '../../src/base/system/procfs';
import type { Renderer } from '../../src/rendering/render';
import { attackAs, NOBODY } from '../support/local-attacker';
import { descendants, ProcessInfo } from '../support/process-tree';
import { testRenderer } from '../support/renderer';

const DEFAULT = { images: 'allowed', orientation: 'vertical' } as const;
const SECRET = '<p style="font-size:40px">TENANT SECRET 4242</p>';
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.warn('Local-attacker tests skipped: they attack as nobody, which needs root');

/** Socket inodes a process holds (its fds), read as root. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of listProc(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** Listening TCP sockets in a process's network namespace: port and inode. */
function listeners(pid: number | 'self'): { port: number; inode: string }[] {
  const rows = ['tcp', 'tcp6'].flatMap((file) =>
    (readProc(`/proc/${pid}/net/${file}`) ?? '').split('\n').slice(1),
  );
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter((fields) => fields[3] === '0A') // LISTEN
    .map((fields) => ({ port: parseInt(fields[1].split(':')[1], 16), inode: fields[9] }));
}

/** A process's network namespace; null once it has gone. */
function netns(pid: number | 'self'): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/net`);
  } catch {
    return null;
  }
}
const uidOf = (pid: number) =>
  Number(/^Uid:\s+(\d+)/m.exec(readProc(`/proc/${pid}/status`) ?? '')?.[1]);

(asRoot ? describe : describe.skip)(
  "engines are the service's alone: a local user as nobody",
  () => {
    let renderer: Renderer;
    let engines: ProcessInfo[];
    beforeAll(async () => {
      renderer = testRenderer();
      // One capture per engine, each email's page kept: every engine process is up and drawing.
      for (const client of ['IPHONE13', 'THUNDERBIRDLATEST', 'GMAILNEW'])
        await renderer.render({ html: SECRET, text: null, images: [] }, client, DEFAULT);
      engines = descendants();
    }, 180_000);
    afterAll(() => renderer.close());

    it('no engine listens on the machine: every port of theirs is in a network of their own', () => {
      expect(engines.length).toBeGreaterThan(5);
      const ours = netns('self');
      const open = listeners('self');
      const enginePorts: number[] = [];
      for (const engine of engines) {
        const network = netns(engine.pid);
        if (network === null) continue; // ended since it was listed (a closed page's process)
        const inodes = socketInodes(engine.pid);
        const inOurNetwork = open.filter((listener) => inodes.has(listener.inode));
        expect({ engine: engine.args, listening: inOurNetwork }).toEqual({
          engine: engine.args,
          listening: [],
        });
        expect({ engine: engine.args, network: network === ours }).toEqual({
          engine: engine.args,
          network: false,
        });
        enginePorts.push(
          ...listeners(engine.pid)
            .filter((listener) => inodes.has(listener.inode))
            .map((listener) => listener.port),
        );
      }
      // Firefox's remote agent listens, in its own namespace: nobody reaches it from here.
      expect(enginePorts.length).toBeGreaterThan(0);
      const attack = attackAs(NOBODY, { displays: [], ports: enginePorts, paths: [] });
      expect(attack.portsOpened.filter((port) => !open.some((l) => l.port === port))).toEqual([]);
    });

    it('no display of theirs lets another user in, nor shows its cookie', () => {
      const displays = engines.filter((engine) => /\/Xvfb /.test(engine.args));
      expect(displays.length).toBeGreaterThan(0);
      for (const display of displays) {
        const sockets = (readProc(`/proc/${display.pid}/net/unix`) ?? '')
          .split('\n')
          .map((row) => row.trim().split(/\s+/)[7])
          .filter((path): path is string => Boolean(path) && path.includes('X11-unix'));
        expect(sockets.length).toBeGreaterThan(0);
        const number = /X(\d+)$/.exec(sockets[0])![1];
        const cookie = /-auth (\S+)/.exec(display.args)![1];
        const attack = attackAs(NOBODY, {
          // Its own sockets, by name, and the socket file any X server of that number would have.
          displays: [...sockets, `/tmp/.X11-unix/X${number}`],
          ports: [6000 + Number(number)],
          paths: [cookie],
        });
        expect(attack.displaysOpened).toEqual([]);
        expect(attack.portsOpened).toEqual([]);
        expect(attack.pathsRead).toEqual([]);
      }
    });

    it('nothing an unprivileged user reads in ps or the temporary folder grants access', async () => {
      // The engines' state (sockets, cookies, homes, snapshots) lives in this start's run
      // folder; the program files their command lines also name (the jail's and the WebKit
      // renderer's scripts, wherever the checkout is) are public and grant nothing.
      const paths = new Set<string>();
      for (const engine of engines)
        for (const match of engine.args.matchAll(
          /(\/[^\s:=]*\/ip-engines-[^/\s:]+)(\/[^\s:]*)?/g,
        )) {
          const runFolder = match[1];
          paths.add(runFolder);
          // And everything it holds now, as root sees it.
          for (const entry of readdirSync(runFolder, { recursive: true }))
            paths.add(`${runFolder}/${String(entry)}`);
          // Every folder on the way from the run folder down to what is named.
          let at = match[0];
          for (; at.length > runFolder.length; at = at.slice(0, at.lastIndexOf('/'))) paths.add(at);
        }
      expect(paths.size).toBeGreaterThan(0);
      const attack = attackAs(NOBODY, { displays: [], ports: [], paths: [...paths] });
      // The run folder may be passed through (0711), never listed; nothing in it is readable.
      expect(attack.pathsRead).toEqual([]);
      // The engines are not root, nor nobody: a user of their own.
      for (const engine of engines) expect([0, NOBODY]).not.toContain(uidOf(engine.pid));
      // And the service's capture goes on as before the attack.
      const after = await renderer.render(
        { html: SECRET, text: null, images: [] },
        'IPHONE13',
        DEFAULT,
      );
      expect(after.full.length).toBeGreaterThan(1000);
    });
  },
);
