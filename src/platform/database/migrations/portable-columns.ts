import { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Column builders that mean the same on SQLite and PostgreSQL, so one migration serves
 * both. Timestamps use the type TypeORM maps a JS Date to on each driver, which is what
 * the entities (typed Date) expect.
 */
export function portable(queryRunner: QueryRunner) {
  const dateType = queryRunner.connection.driver.normalizeType({ type: Date });
  return {
    id: (name = 'id'): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: '36',
      isPrimary: true,
    }),
    ref: (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: '36',
      isNullable: nullable,
    }),
    varchar: (name: string, length: number, nullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: nullable,
    }),
    text: (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: 'text',
      isNullable: nullable,
    }),
    integer: (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: 'integer',
      isNullable: nullable,
    }),
    boolean: (name: string, defaultValue: boolean): TableColumnOptions => ({
      name,
      type: 'boolean',
      default: defaultValue,
    }),
    date: (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: dateType,
      isNullable: nullable,
    }),
  };
}
