import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '../../src');

function* sources(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The files under `folder` that import a package matching `pattern`. */
function importing(folder: string, pattern: RegExp): string[] {
  return [...sources(join(SRC, folder))]
    .filter((path) =>
      [...readFileSync(path, 'utf8').matchAll(/from '([^']+)'/g)].some(([, name]) =>
        pattern.test(name),
      ),
    )
    .map((path) => relative(SRC, path));
}

/**
 * HTTP's shapes live in http/: request DTOs and response documentation (Swagger), the
 * authentication strategies and guards (Passport), the OAuth pages. The domain takes plain
 * inputs (the DTOs implement them) and base/ holds no framework at all.
 */
describe('HTTP shapes in http/', () => {
  it('leaves the domain without Swagger, Passport or DTO files', () => {
    expect(importing('domain', /^(@nestjs\/swagger|@nestjs\/passport|passport)/)).toEqual([]);
    const shapes = [...sources(join(SRC, 'domain'))].filter((path) =>
      /\.(dto|doc)\.ts$|\.(guard|strategy)\.ts$/.test(path),
    );
    expect(shapes.map((path) => relative(SRC, path))).toEqual([]);
  });

  it('leaves base/ free of Nest', () => {
    expect(importing('base', /^@nestjs\//)).toEqual([]);
  });

  it('is checked against the real tree (the scan finds what it looks for)', () => {
    expect(importing('http', /^@nestjs\/swagger/).length).toBeGreaterThan(10);
  });
});
