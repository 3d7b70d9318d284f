import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** An executable found on PATH (or at an absolute path), or undefined. */
export function findExecutable(name: string): string | undefined {
  const candidates = name.includes('/')
    ? [name]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name));
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The first of `paths` that exists and runs. */
export function firstExecutable(paths: string[]): string | undefined {
  return paths.map(findExecutable).find(Boolean);
}

/** A Debian package's upstream version (`2.50.6-1~deb12u2` → `2.50.6`), if installed. */
export function debianVersion(pkg: string): string | undefined {
  try {
    const version = execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    });
    return version.replace(/^\d+:/, '').replace(/-[^-]*$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** What a program says of its version (`Mozilla Firefox 153.7.0esr` → `153.7.0esr`). */
export function programVersion(executable: string): string | undefined {
  try {
    const said = execFileSync(executable, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    });
    return /\d+(\.\d+)+\S*/.exec(said)?.[0];
  } catch {
    return undefined;
  }
}

/** Directories under /usr/lib/<triplet>/: where Debian puts WebKitGTK's MiniBrowser. */
export function multiarchLibDirs(): string[] {
  try {
    return readdirSync('/usr/lib')
      .filter((dir) => /-linux-gnu/.test(dir))
      .map((dir) => join('/usr/lib', dir));
  } catch {
    return [];
  }
}
