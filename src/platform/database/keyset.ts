import {
  And,
  Equal,
  FindOperator,
  FindOptionsOrder,
  FindOptionsWhere,
  LessThan,
  MoreThan,
  Repository,
} from 'typeorm';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';

/** A list's order: a time column, then the id, both the same way, so every row has one place. */
export interface KeysetOrder<T> {
  time: keyof T & string;
  direction: 'ASC' | 'DESC';
}

/**
 * One keyset page of `rows` matching `where`: the rows strictly past the window's position in
 * the order, one more fetched than asked to learn whether a next page exists. Through the find
 * API, so SQLite and PostgreSQL get the same comparisons of times (as stored) and ids.
 */
export async function findKeysetPage<T extends { id: string }>(
  rows: Repository<T>,
  where: FindOptionsWhere<T>,
  order: KeysetOrder<T>,
  window: KeysetWindow,
): Promise<KeysetPage<T>> {
  const { time, direction } = order;
  const past = direction === 'ASC' ? MoreThan : LessThan;
  // A filter the caller already puts on the time column (a range) must hold as well.
  const filter = (where as Record<string, unknown>)[time];
  const onTime = (operator: FindOperator<Date>) =>
    filter instanceof FindOperator ? And(filter as FindOperator<Date>, operator) : operator;
  const after = window.after;
  const wheres = after
    ? [
        { ...where, [time]: onTime(past(after.at)) },
        { ...where, [time]: onTime(Equal(after.at)), id: past(after.id) },
      ]
    : [where];
  const found = await rows.find({
    where: wheres as FindOptionsWhere<T>[],
    order: { [time]: direction, id: direction } as FindOptionsOrder<T>,
    take: window.limit + 1,
  });
  const page = found.slice(0, window.limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    next: found.length > window.limit ? { at: last[time] as Date, id: last.id } : null,
  };
}
