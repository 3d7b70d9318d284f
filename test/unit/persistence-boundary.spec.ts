import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Where the ORM may appear: tables, their repositories, module wiring, and the database folder
 * of the platform (its connection, migrations, the Transaction type that one owner's repository
 * hands another's, and the column definitions several tables share).
 */
const MAY_USE_ORM = [
  /\.entity\.ts$/,
  /\.repository\.ts$/,
  /\.module\.ts$/,
  /^platform\/database\//,
];

describe('persistence boundary', () => {
  it('keeps TypeORM out of services, controllers and commands', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => relative(SRC, file))
      .filter((file) => !MAY_USE_ORM.some((allowed) => allowed.test(file)))
      .filter((file) =>
        /from '(typeorm|@nestjs\/typeorm)'/.test(readFileSync(join(SRC, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });

  it('gives every entity exactly one repository that reads it', () => {
    const files = sourceFiles(SRC).map((file) => relative(SRC, file));
    const repositories = files.filter((file) => file.endsWith('.repository.ts'));
    const entities = files
      .filter((file) => file.endsWith('.entity.ts'))
      .flatMap((file) =>
        [
          ...readFileSync(join(SRC, file), 'utf8').matchAll(
            /@Entity\([^)]*\)\s*export class (\w+)/g,
          ),
        ].map((match) => match[1]),
      );
    const owners = Object.fromEntries(
      entities.map((entity) => [
        entity,
        repositories.filter((file) =>
          new RegExp(
            `(Repository|getRepository|InjectRepository)\\(${entity}\\)|insert\\(${entity}\\b`,
          ).test(readFileSync(join(SRC, file), 'utf8')),
        ),
      ]),
    );
    expect(Object.entries(owners).filter(([, found]) => found.length !== 1)).toEqual([]);
  });
});
