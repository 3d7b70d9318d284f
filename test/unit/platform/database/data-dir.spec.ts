import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../../src/platform/config/app-config';
import { prepareDataDir } from '../../../../src/platform/database/data-dir';

describe('prepareDataDir', () => {
  let scratch: string;
  let umask: number;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'ip-data-dir-'));
    umask = process.umask();
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(scratch, { recursive: true, force: true });
  });
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('makes a missing DATA_DIR and leaves nothing behind in it', () => {
    const dataDir = join(scratch, 'a', 'b');
    prepareDataDir(dataDir);
    expect(existsSync(dataDir)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(mode(dataDir)).toBe(0o700);
  });

  it('makes what the process writes afterwards owner-only (umask 077)', () => {
    process.umask(0o022);
    prepareDataDir(join(scratch, 'data'));
    writeFileSync(join(scratch, 'data', 'instant-preview.sqlite'), '');
    mkdirSync(join(scratch, 'data', 'files'));
    expect(mode(join(scratch, 'data', 'instant-preview.sqlite'))).toBe(0o600);
    expect(mode(join(scratch, 'data', 'files'))).toBe(0o700);
  });

  it('tightens an installation made open to all: the folder at once, what it holds too', async () => {
    const dataDir = join(scratch, 'data');
    mkdirSync(join(dataDir, 'files', 'guid'), { recursive: true });
    writeFileSync(join(dataDir, 'instant-preview.sqlite'), '');
    writeFileSync(join(dataDir, 'files', 'guid', 'ol2019.png'), '');
    for (const path of [dataDir, join(dataDir, 'files'), join(dataDir, 'files', 'guid')])
      chmodSync(path, 0o755);
    chmodSync(join(dataDir, 'instant-preview.sqlite'), 0o644);
    chmodSync(join(dataDir, 'files', 'guid', 'ol2019.png'), 0o644);
    prepareDataDir(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'instant-preview.sqlite'))).toBe(0o600);
    // Below the top, in the background.
    for (let tries = 0; mode(join(dataDir, 'files', 'guid', 'ol2019.png')) !== 0o600; tries++) {
      expect(tries).toBeLessThan(200);
      await sleep(10);
    }
    expect(mode(join(dataDir, 'files', 'guid'))).toBe(0o700);
  });

  // Tests may run as root, who ignores permission bits: these paths fail for anyone.
  it('names DATA_DIR, the path and the reason when the parent is a regular file', () => {
    writeFileSync(join(scratch, 'file'), '');
    const dataDir = join(scratch, 'file', 'data');
    expect(() => prepareDataDir(dataDir)).toThrow(ConfigError);
    expect(() => prepareDataDir(dataDir)).toThrow(
      new RegExp(`^DATA_DIR=${dataDir} is not a writable directory: ENOTDIR`),
    );
  });

  it('refuses a directory that exists but cannot be written (procfs)', () => {
    expect(() => prepareDataDir('/proc/self')).toThrow(
      /^DATA_DIR=\/proc\/self is not a writable directory: E[A-Z]+: /,
    );
  });
});
