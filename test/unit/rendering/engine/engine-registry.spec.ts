import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  ENGINE_REGISTRY,
  ENGINES,
  engineDescriptor,
  FALLBACK_ENGINE,
} from '../../../../src/rendering/engine/engine-registry';

const SRC = join(__dirname, '../../../../src');
const ENGINE_DIR = join(SRC, 'rendering/engine');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a file without its comments: what it does, not what it says. */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('the engine registry: an engine is one folder and one registry line', () => {
  it('has each engine described by a descriptor its own folder exports', () => {
    for (const descriptor of ENGINE_REGISTRY) {
      const file = join(ENGINE_DIR, descriptor.name, `${descriptor.name}-descriptor.ts`);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = Object.values(require(file) as Record<string, unknown>);
      expect(exported).toContain(descriptor);
    }
    expect(ENGINES).toEqual(ENGINE_REGISTRY.map((descriptor) => descriptor.name));
    expect(new Set(ENGINES).size).toBe(ENGINES.length);
  });

  it('names its fallback first, and refuses a name it does not hold', () => {
    expect(FALLBACK_ENGINE).toBe(ENGINES[0]);
    expect(engineDescriptor('webkit').title).toBe('WebKit');
    expect(() => engineDescriptor('servo')).toThrow(/no engine "servo" is registered/);
  });

  it('is the only place outside the engine folders that names an engine', () => {
    const folders = ENGINES.map((name) => join(ENGINE_DIR, name) + '/');
    const outside = sources(SRC).filter(
      (path) => !folders.some((folder) => path.startsWith(folder)),
    );
    const naming = outside.flatMap((path) =>
      ENGINES.filter((name) => new RegExp(`['"\`]${name}['"\`]`).test(code(path))).map(
        (name) => `${relative(SRC, path)} names '${name}'`,
      ),
    );
    expect(naming).toEqual([]);
  });

  it('is the only file outside an engine folder that imports it (the imports, not names)', () => {
    // Every relative import of every file, resolved: the import graph, read directly (the lint
    // step's madge graph holds the same edges; this is the registry's own view of them).
    const importers = new Map<string, Set<string>>();
    for (const path of sources(SRC))
      for (const [, target] of readFileSync(path, 'utf8').matchAll(
        /(?:from|import)\s+'(\.[^']+)'/g,
      )) {
        const imported = relative(SRC, resolve(dirname(path), target));
        const engine = ENGINES.find((name) => imported.startsWith(`rendering/engine/${name}/`));
        const importer = relative(SRC, path);
        if (engine && !importer.startsWith(`rendering/engine/${engine}/`))
          importers.set(engine, (importers.get(engine) ?? new Set()).add(importer));
      }
    expect(
      Object.fromEntries([...importers].map(([engine, files]) => [engine, [...files]])),
    ).toEqual(
      Object.fromEntries(
        ENGINES.map((engine) => [engine, ['rendering/engine/engine-registry.ts']]),
      ),
    );
  });
});
