import { ApiError } from '../errors/api-error';

/** Where a keyset page starts: just past the row with this sort time, its id breaking ties. */
export interface KeysetPosition {
  at: Date;
  id: string;
}

/** One page asked for: at most `limit` rows past `after` (from the start when null). */
export interface KeysetWindow {
  limit: number;
  after: KeysetPosition | null;
}

/** The rows of a page and where the next one starts (null: this was the last page). */
export interface KeysetPage<T> {
  rows: T[];
  next: KeysetPosition | null;
}

/**
 * A cursor, opaque to callers: base64url of `[list, time in ms, id]`. It names the list it was
 * made for, so a cursor of one list (or of another webhook's deliveries) handed to another is
 * refused instead of being read as a position in it.
 */
export function encodeCursor(list: string, position: KeysetPosition): string {
  const fields = [list, position.at.getTime(), position.id];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The position a cursor of `list` holds; anything else (edited, foreign, garbage) is a 400. */
export function decodeCursor(list: string, cursor: string): KeysetPosition {
  const position = parse(cursor);
  // Only the exact text encodeCursor makes is a cursor: base64url decoding skips stray
  // characters, and a cursor that merely decodes to something would otherwise pass.
  if (!position || encodeCursor(list, position) !== cursor)
    throw ApiError.badRequest(
      "'cursor' is not a cursor of this list: pass the one the Link header's rel=\"next\" gives",
    );
  return position;
}

function parse(cursor: string): KeysetPosition | null {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 3) return null;
  const [, ms, id] = fields as unknown[];
  if (!Number.isSafeInteger(ms) || typeof id !== 'string') return null;
  const at = new Date(ms as number);
  return Number.isNaN(at.getTime()) ? null : { at, id };
}

/** The same page with each row turned into what the API shows of it. */
export async function mapPage<T, U>(
  page: KeysetPage<T>,
  view: (row: T) => U | Promise<U>,
): Promise<KeysetPage<U>> {
  return { rows: await Promise.all(page.rows.map(view)), next: page.next };
}
