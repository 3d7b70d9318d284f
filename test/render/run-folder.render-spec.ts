import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readProc } from '../../src/base/system/procfs';
import { makeRunFolder } from '../../src/rendering/jail/jail';
import { NOBODY } from '../support/local-attacker';

const asRoot = process.getuid?.() === 0;
const JAIL = join(__dirname, '../../src/rendering/jail/jail');

/**
 * A service process that makes its engines' run folder when told to (a line on stdin): the
 * test plays the local attacker in between, who knows the pid at once and reads the start
 * time in /proc/<pid>/stat, as anyone can. It answers the engine home and launcher it made.
 */
const SERVICE = `
process.stdin.once('data', () => {
  const { EngineJail } = require(${JSON.stringify(JAIL)});
  const jail = EngineJail.for('instant-preview-engine');
  const home = jail.home('probe');
  const { executablePath } = jail.launcher('probe', '/bin/true', { engine: 'probe', network: 'shared' });
  console.log(JSON.stringify({ home, launcher: executablePath }));
  process.stdin.destroy();
});
`;

function startTime(pid: number): string {
  const stat = readProc(`/proc/${pid}/stat`) ?? '';
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function asNobody(command: string, ...args: string[]): void {
  const done = spawnSync(command, args, { uid: NOBODY, gid: NOBODY, cwd: '/' });
  if (done.status !== 0) throw new Error(`${command} as nobody failed: ${done.stderr}`);
}

(asRoot ? describe : describe.skip)(
  "the engines' run folder: another local user cannot make it first",
  () => {
    const planted: string[] = [];
    afterAll(() => planted.forEach((path) => rmSync(path, { recursive: true, force: true })));

    it.each([
      ['a folder of their own, open to all', 'folder'],
      ['a link to a folder of their own', 'link'],
    ])('%s, at the name the pid and start time give, is never used', async (_, kind) => {
      const service = spawn(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-e', SERVICE],
        { env: { ...process.env, TMPDIR: '/tmp' }, stdio: ['pipe', 'pipe', 'inherit'] },
      );
      const pid = service.pid!;
      const guessed = `/tmp/ip-engines-${pid}-${startTime(pid)}`;
      const target = `/tmp/attacker-target-${pid}`;
      planted.push(guessed, target);
      if (kind === 'folder') asNobody('mkdir', '-m', '0777', guessed);
      else {
        asNobody('mkdir', '-m', '0777', target);
        asNobody('ln', '-s', target, guessed);
      }
      let answer = '';
      service.stdout!.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      service.stdin!.write('go\n');
      const [code] = (await once(service, 'exit')) as [number];
      expect(code).toBe(0);
      const { home, launcher } = JSON.parse(answer) as { home: string; launcher: string };
      // Both in a folder of the service's own, not the one planted (nor where it points).
      expect(dirname(home)).toBe(dirname(launcher));
      expect(dirname(home)).not.toBe(guessed);
      expect(dirname(home).startsWith(`${guessed}-`)).toBe(true);
      // What the attacker planted holds nothing of the service's, and is still theirs.
      const theirs = kind === 'folder' ? guessed : target;
      expect(existsSync(theirs)).toBe(true);
      expect(readdirSync(theirs)).toEqual([]);
      expect(lstatSync(theirs).uid).toBe(NOBODY);
    });

    it('the folder made is the service user’s, traversable only', () => {
      const made = makeRunFolder('/tmp', `${process.pid}:1`);
      try {
        const found = lstatSync(made);
        expect(found.isDirectory()).toBe(true);
        expect(found.uid).toBe(0);
        expect(found.mode & 0o7777).toBe(0o711);
      } finally {
        rmSync(made, { recursive: true, force: true });
      }
    });
  },
);
