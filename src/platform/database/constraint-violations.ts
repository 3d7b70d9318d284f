import { QueryFailedError } from 'typeorm';

function driverCode(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  return (error.driverError as { code?: string }).code ?? null;
}

/** An insert refused because the key is taken, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  return ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(
    driverCode(error) ?? '',
  );
}

/** A delete refused because another table's row still refers to this one. */
export function isForeignKeyViolation(error: unknown): boolean {
  return ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(driverCode(error) ?? '');
}
