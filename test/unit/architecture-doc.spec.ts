import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { ENGINE_REGISTRY, ENGINES } from '../../src/rendering/engine/engine-registry';
import { CLIENT_FAMILIES } from '../../src/rendering/families/lookup';
import { FIXED_STAGES } from '../../src/rendering/prepare/prepare-html';

const ROOT = join(__dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The first match of `pattern` in the document, or a failure naming what is missing. */
function stated(pattern: RegExp): RegExpExecArray {
  const found = pattern.exec(DOC);
  if (!found) throw new Error(`docs/architecture.md no longer says ${pattern}`);
  return found;
}

const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* filesUnder(join(folder, entry.name));
    else yield entry.name;
  }
}

/**
 * docs/architecture.md cannot drift from the code: every path it names exists, and the
 * counts and lists it states (profiles, engines, families, the pipeline's stages) are the
 * code's. A change that moves a file or adds a stage fails here until the page says so.
 */
describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const names = new Set(filesUnder(join(ROOT, 'src')));
    const paths = ticked(DOC).filter(
      (token) =>
        /^[a-z][\w./-]*$/.test(token) && // not a setting's value (`PUBLIC_URL/files/`)
        (/\.(ts|js|json|py|md)$/.test(token) || /^[\w-]+(\/[\w.-]+)*\/$/.test(token)),
    );
    const missing = paths.filter((path) =>
      path.includes('/')
        ? !['', 'src', 'src/rendering', 'docs'].some((base) => existsSync(join(ROOT, base, path)))
        : !names.has(path) && !existsSync(join(ROOT, 'docs', path)),
    );
    expect(paths.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('counts the profiles of the catalogue, and each engine’s', () => {
    const profiles = clientCatalog.all();
    expect(Number(stated(/; (\d+) profiles today/)[1])).toBe(profiles.length);
    const [, ...perEngine] = stated(/\(Blink (\d+), WebKit (\d+), Gecko (\d+)\)/);
    expect(perEngine.map(Number)).toEqual(
      ['chromium', 'webkit', 'gecko'].map(
        (engine) => profiles.filter((profile) => profile.engine === engine).length,
      ),
    );
  });

  it('lists the registered families and engines', () => {
    const families = ticked(stated(/line in `families\/registry\.ts`:([^.]+)\./)[1]);
    expect(families).toEqual([...CLIENT_FAMILIES.keys()].sort());
    const engines = ticked(stated(/an \*\*engine\*\*: ([^,]+, [^,]+),/)[1]);
    expect(engines).toEqual([...ENGINES]);
    expect(ENGINE_REGISTRY).toHaveLength(engines.length);
  });

  it('gives the layers of src/layers.json, in order', () => {
    const { layers } = JSON.parse(readFileSync(join(ROOT, 'src/layers.json'), 'utf8')) as {
      layers: { folders: string[] }[];
    };
    const table = stated(/\| Layer \| Folder \|[^\n]+\n\|[-|]+\n((?:\|[^\n]+\n)+)/)[1];
    const folders = table
      .trim()
      .split('\n')
      .map((row) => ticked(row.split('|')[2]).map((folder) => folder.replace(/^src\/$|\/$/g, '')));
    expect(folders).toEqual(
      layers.map((layer) => layer.folders.map((folder) => (folder === '(root)' ? '' : folder))),
    );
  });

  it('lists the pipeline’s fixed stages in the code’s order', () => {
    const list = stated(
      /\*\*Fixed stages, each asking the family for its part:\*\*([\s\S]+?)\n\d\. /,
    )[1];
    const steps = list.split('→').map((step) => {
      const [name] = ticked(step);
      return step.trim().startsWith('family') ? `family ${name}` : name;
    });
    const inCode = FIXED_STAGES.map((stage) =>
      typeof stage === 'string' ? `family ${stage}` : stage.name,
    );
    expect(steps).toEqual(inCode);
  });
});
