import madge from 'madge';
import { join } from 'node:path';

type Layer = { name: string; folders: string[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rules = require('../../../scripts/import-rules') as {
  readLayers(): Layer[];
  layerViolations(files: Record<string, string[]>, layers: Layer[]): string[];
  readClosed(): Closed[];
  closedViolations(files: Record<string, string[]>, closed: Closed[]): string[];
  readEntries(): Entry[];
  entryViolations(files: Record<string, string[]>, entries: Entry[]): string[];
};
type Closed = { folders: string; openTo: string[] };
type Entry = { folder: string; entry: string; from: string[]; except?: string[] };

const ROOT = join(__dirname, '..', '..', '..');

/** The real import graph of src/ (madge, as the lint step builds it), made once for the file. */
let files: Record<string, string[]>;
beforeAll(async () => {
  const graph = await madge(join(ROOT, 'src'), {
    fileExtensions: ['ts'],
    tsConfig: join(ROOT, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  files = graph.obj();
}, 60_000);

describe('the layers of src/ (src/layers.json), checked by npm run lint', () => {
  it('holds for the code as it is', () => {
    expect(rules.layerViolations(files, rules.readLayers())).toEqual([]);
  });

  it('fails on a deliberate wrong-layer import: the rendering library importing the configuration', () => {
    const wrong = {
      ...files,
      'rendering/render.ts': [...files['rendering/render.ts'], 'platform/config/app-config.ts'],
    };
    expect(rules.layerViolations(wrong, rules.readLayers())).toEqual([
      'wrong-layer import: rendering/render.ts > platform/config/app-config.ts (rendering library may not import platform adapters)',
    ]);
  });

  it('fails on a platform adapter importing the domain, and on a folder placed in no layer', () => {
    const wrong = {
      ...files,
      'platform/storage/storage.ts': [
        ...files['platform/storage/storage.ts'],
        'domain/captures/state/capture-state-machine.ts',
      ],
      'newfolder/thing.ts': ['base/errors/api-error.ts'],
    };
    expect(rules.layerViolations(wrong, rules.readLayers())).toEqual([
      'wrong-layer import: platform/storage/storage.ts > domain/captures/state/capture-state-machine.ts (platform adapters may not import domain)',
      'folder in no layer of src/layers.json: newfolder/',
    ]);
  });

  it('fails on the domain importing its HTTP surface: a service reaching for a controller', () => {
    const wrong = {
      ...files,
      'domain/emails/emails.service.ts': [
        ...files['domain/emails/emails.service.ts'],
        'http/emails/emails.controller.ts',
      ],
    };
    expect(rules.layerViolations(wrong, rules.readLayers())).toEqual([
      'wrong-layer import: domain/emails/emails.service.ts > http/emails/emails.controller.ts (domain may not import surfaces (HTTP and command line))',
    ]);
  });
});

describe('the closed plug-in folders of src/layers.json (engines, families), checked by npm run lint', () => {
  it('are reached only through their registries, in the code as it is', () => {
    expect(rules.readClosed().map((rule) => rule.folders)).toEqual([
      'rendering/engine/*/',
      'rendering/families/*/',
    ]);
    expect(rules.closedViolations(files, rules.readClosed())).toEqual([]);
    // The registries do import every plug-in: the rule is not vacuous.
    expect(files['rendering/engine/engine-registry.ts']).toContain(
      'rendering/engine/chromium/chromium-descriptor.ts',
    );
  });

  it('fails on a service reaching into an engine folder, and on one family importing another', () => {
    const wrong = {
      ...files,
      'domain/renderer/renderer-options.ts': [
        ...files['domain/renderer/renderer-options.ts'],
        'rendering/engine/chromium/sandbox.ts',
      ],
      'rendering/families/gmail/index.ts': [
        ...files['rendering/families/gmail/index.ts'],
        'rendering/families/outlook-word/conditional-comments.ts',
      ],
    };
    expect(rules.closedViolations(wrong, rules.readClosed())).toEqual([
      'closed-folder import: domain/renderer/renderer-options.ts > rendering/engine/chromium/sandbox.ts (only rendering/engine/chromium/ itself and rendering/engine/engine-registry.ts may import it)',
      'closed-folder import: rendering/families/gmail/index.ts > rendering/families/outlook-word/conditional-comments.ts (only rendering/families/outlook-word/ itself and rendering/families/registry.ts may import it)',
    ]);
  });
});

describe('the rendering library reached through its index (src/layers.json `entries`), checked by npm run lint', () => {
  it('holds for the code as it is, and the domain does use the index', () => {
    expect(rules.entryViolations(files, rules.readEntries())).toEqual([]);
    expect(files['domain/captures/run/capture-processor.ts']).toContain('rendering/index.ts');
  });

  it('fails on a service or a controller importing a module of the library past its index', () => {
    const wrong = {
      ...files,
      'domain/captures/run/capture-processor.ts': [
        ...files['domain/captures/run/capture-processor.ts'],
        'rendering/render.ts',
      ],
      'src.ts': ['rendering/catalog/client-catalog.ts'],
    };
    expect(rules.entryViolations(wrong, rules.readEntries())).toEqual([
      'past-entry import: domain/captures/run/capture-processor.ts > rendering/render.ts (rendering/ is reached through rendering/index.ts)',
      'past-entry import: src.ts > rendering/catalog/client-catalog.ts (rendering/ is reached through rendering/index.ts)',
    ]);
  });

  it('lets a file that runs in a worker thread import the one module it needs', () => {
    expect(files['domain/checks/checks.worker.ts']).toContain('rendering/prepare/prepare-html.ts');
  });
});
