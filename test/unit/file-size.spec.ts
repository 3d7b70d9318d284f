import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

const SRC = join(__dirname, '../../src');
/** Data (the catalogue, behaviours, generated reports, a font) is read by code, not people. */
const DATA = new Set(['.json', '.jsonl', '.ttf']);
const MOST_LINES = 300;

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Small files: none in src/ (code, scripts, pages, styles) is over 300 lines. */
describe('file sizes', () => {
  it(`keeps every file in src/ to ${MOST_LINES} lines`, () => {
    const over = [...filesUnder(SRC)]
      .filter((path) => !DATA.has(extname(path)))
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MOST_LINES)
      .map(({ path, lines }) => `${relative(SRC, path)}: ${lines}`);
    expect(over).toEqual([]);
  });
});
