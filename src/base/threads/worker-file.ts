import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The file a worker thread loads for an entry given without extension: the compiled `.js`
 * beside it when the service runs built; from TypeScript sources (the tests) the build's
 * twin in `dist/` when the build is newer than every source file, else the `.ts` itself
 * through ts-node. Through ts-node each thread loads the TypeScript compiler and transpiles
 * the entry's whole import graph, uncached (measured: the preparation entry 1.9 s of CPU a
 * thread, compiled 0.4 s), which every test file's app paid again for every thread.
 */
export function workerFile(worker: string): { filename: string; execArgv?: string[] } {
  if (existsSync(`${worker}.js`)) return { filename: `${worker}.js` };
  const twin = builtTwin(worker);
  if (twin) return { filename: twin };
  return {
    filename: `${worker}.ts`,
    execArgv: ['--require', 'ts-node/register/transpile-only'],
  };
}

function builtTwin(worker: string): string | null {
  const root = projectRoot(dirname(worker));
  if (!root) return null;
  const twin = join(root, 'dist', `${relative(join(root, 'src'), worker)}.js`);
  if (!existsSync(twin)) return null;
  return statSync(twin).mtimeMs >= newestSource(join(root, 'src')) ? twin : null;
}

/** The folder holding `src/` this file sits in (the checkout), or null. */
function projectRoot(from: string): string | null {
  const at = from.lastIndexOf(`${sep}src${sep}`);
  return at < 0 ? null : from.slice(0, at);
}

const newestByFolder = new Map<string, number>();

/** The latest modification of any file under `folder`, read once a process. */
function newestSource(folder: string): number {
  let newest = newestByFolder.get(folder);
  if (newest !== undefined) return newest;
  newest = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  newestByFolder.set(folder, newest);
  return newest;
}
