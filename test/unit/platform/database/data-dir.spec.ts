import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../../src/platform/config/app-config';
import { assertWritableDataDir } from '../../../../src/platform/database/data-dir';

describe('assertWritableDataDir', () => {
  let scratch: string;
  beforeEach(() => (scratch = mkdtempSync(join(tmpdir(), 'ip-data-dir-'))));
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('makes a missing DATA_DIR and leaves nothing behind in it', () => {
    const dataDir = join(scratch, 'a', 'b');
    assertWritableDataDir(dataDir);
    expect(existsSync(dataDir)).toBe(true);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  // Tests may run as root, who ignores permission bits: these paths fail for anyone.
  it('names DATA_DIR, the path and the reason when the parent is a regular file', () => {
    writeFileSync(join(scratch, 'file'), '');
    const dataDir = join(scratch, 'file', 'data');
    expect(() => assertWritableDataDir(dataDir)).toThrow(ConfigError);
    expect(() => assertWritableDataDir(dataDir)).toThrow(
      new RegExp(`^DATA_DIR=${dataDir} is not a writable directory: ENOTDIR`),
    );
  });

  it('refuses a directory that exists but cannot be written (procfs)', () => {
    expect(() => assertWritableDataDir('/proc/self')).toThrow(
      /^DATA_DIR=\/proc\/self is not a writable directory: E[A-Z]+: /,
    );
  });
});
