import { Initial1763800000000 } from './1763800000000-initial';

/** Every migration, in order. Run at start on SQLite and PostgreSQL alike. */
export const MIGRATIONS = [Initial1763800000000];
