import type { EntityManager } from 'typeorm';

/**
 * An open transaction, handed from one owner's repository to another's so that two tables
 * change together (a capture marked captured and its usage record). Services pass it on
 * without looking inside.
 */
export type Transaction = EntityManager;
