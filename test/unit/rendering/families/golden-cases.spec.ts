import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import type { RenderReport } from '../../../../src/rendering/model/render-report';
import { prepareHtml } from '../../../../src/rendering/prepare/prepare-html';
import {
  IMAGES_OPTIONS,
  ORIENTATION_OPTIONS,
  RenderOptions,
  unofferedOption,
} from '../../../../src/rendering/profile/options';

/**
 * Golden files for each family's preparation, discovered from test/cases (README.md there):
 * `<CLIENT_CODE>/<case>.html` is the email, `<case>.expected.html` and `<case>.report.txt`
 * are what prepareHtml made of it, reviewed by a person; `<case>.json` may override the
 * options. A new case needs no code. UPDATE_GOLDEN=1 writes the expected files instead.
 */
const CASES_DIR = join(__dirname, '../../../cases');
const ROOT = join(__dirname, '../../../..');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const DEFAULT_OPTIONS: RenderOptions = { images: 'allowed', orientation: 'vertical' };

const OUTPUT_SUFFIXES = ['.expected.html', '.report.txt'];
const INPUT = /^(?<name>[^.]+)\.html$/;
const OPTIONS = /^(?<name>[^.]+)\.json$/;

interface GoldenCase {
  code: string;
  name: string;
  dir: string;
}

const clientDirs = (): string[] =>
  readdirSync(CASES_DIR)
    .filter((entry) => statSync(join(CASES_DIR, entry)).isDirectory())
    .sort();

function discoverCases(): GoldenCase[] {
  return clientDirs().flatMap((code) =>
    readdirSync(join(CASES_DIR, code))
      .map((file) => INPUT.exec(file)?.groups?.name)
      .filter((name): name is string => name !== undefined)
      .sort()
      .map((name) => ({ code, name, dir: join(CASES_DIR, code) })),
  );
}

/** Files in a client folder that belong to no case: an output or options file left alone. */
function orphanFiles(): string[] {
  return clientDirs().flatMap((code) => {
    const files = readdirSync(join(CASES_DIR, code));
    const inputs = new Set(files.filter((file) => INPUT.test(file)));
    return files
      .filter((file) => !inputs.has(file))
      .filter((file) => {
        const suffix = OUTPUT_SUFFIXES.find((candidate) => file.endsWith(candidate));
        const name = suffix ? file.slice(0, -suffix.length) : OPTIONS.exec(file)?.groups?.name;
        return name === undefined || !inputs.has(`${name}.html`);
      })
      .map((file) => `${code}/${file}`);
  });
}

function optionsOf(golden: GoldenCase): RenderOptions {
  const file = join(golden.dir, `${golden.name}.json`);
  if (!existsSync(file)) return DEFAULT_OPTIONS;
  const overrides = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const allowed: Record<string, readonly string[]> = {
    images: IMAGES_OPTIONS,
    orientation: ORIENTATION_OPTIONS,
  };
  for (const [key, value] of Object.entries(overrides))
    if (!allowed[key]?.includes(value as string))
      throw new Error(`${relative(ROOT, file)}: unknown option ${key}=${JSON.stringify(value)}`);
  return { ...DEFAULT_OPTIONS, ...overrides };
}

/** One line per report entry: what the preparation changed, and where. */
function reportText(report: RenderReport): string {
  return report
    .list()
    .map((entry) => `${entry.slug} (${entry.where}, ${entry.count}): ${entry.title}`)
    .join('\n');
}

/**
 * Compares `actual` with the golden file, trailing whitespace aside; with UPDATE_GOLDEN=1
 * writes it instead and returns the path when its content changed.
 */
function checkGolden(file: string, actual: string): string | null {
  const shown = relative(ROOT, file);
  const content = `${actual.trimEnd()}\n`;
  const expected = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (UPDATE) {
    if (expected === content) return null;
    writeFileSync(file, content);
    return shown;
  }
  if (expected === null)
    throw new Error(
      `${shown} is missing: run UPDATE_GOLDEN=1 npx jest --selectProjects unit --testPathPattern golden-cases, then review the file it writes`,
    );
  try {
    expect(actual.trimEnd()).toBe(expected.trimEnd());
  } catch (error) {
    if (error instanceof Error)
      error.message = `${shown} differs from the output (if the change is meant, write it again with UPDATE_GOLDEN=1 and review it)\n${error.message}`;
    throw error;
  }
  return null;
}

const cases = discoverCases();

describe('golden cases (test/cases)', () => {
  it('finds cases, each in the folder of a catalogue client code, with no stray files', () => {
    expect(cases.length).toBeGreaterThan(0);
    const unknown = clientDirs().filter(
      (code) => !clientCatalog.find(code) || code !== code.toUpperCase(),
    );
    expect(unknown).toEqual([]);
    expect(orphanFiles()).toEqual([]);
  });

  const codes = [...new Set(cases.map((golden) => golden.code))];
  if (codes.length)
    describe.each(codes)('%s', (code) => {
      it.each(cases.filter((golden) => golden.code === code))(
        UPDATE ? '$name (UPDATE_GOLDEN: writes its expected files)' : '$name',
        (golden) => {
          const profile = clientCatalog.find(golden.code);
          if (!profile) throw new Error(`test/cases/${golden.code}: not a client code`);
          const options = optionsOf(golden);
          const unoffered = unofferedOption(profile, options);
          if (unoffered)
            throw new Error(
              `${golden.code} does not offer ${unoffered.name}=${unoffered.value} (offers ${unoffered.offered.join(', ')})`,
            );
          const html = readFileSync(join(golden.dir, `${golden.name}.html`), 'utf8');
          const prepared = prepareHtml({ html, text: null, images: [] }, profile, options);
          const written = [
            checkGolden(join(golden.dir, `${golden.name}.expected.html`), prepared.html),
            checkGolden(join(golden.dir, `${golden.name}.report.txt`), reportText(prepared.report)),
          ].filter((file): file is string => file !== null);
          if (UPDATE)
            console.log(
              written.length
                ? `UPDATE_GOLDEN wrote ${written.join(' and ')}: review it before committing`
                : `UPDATE_GOLDEN: ${golden.code}/${golden.name} unchanged`,
            );
        },
      );
    });
});
