import { ApiError } from '../../../../src/base/errors/api-error';
import { decodeCursor, encodeCursor, mapPage } from '../../../../src/base/paging/cursor';

const position = { at: new Date('2026-12-07T21:30:00.123Z'), id: '0193a-b7c_Ω' };

function refusal(list: string, cursor: string): unknown {
  try {
    decodeCursor(list, cursor);
  } catch (error) {
    return error;
  }
  throw new Error(`${cursor} was taken as a cursor of ${list}`);
}

describe('cursor codec', () => {
  it('gives back the position it was made from, to the millisecond', () => {
    const cursor = encodeCursor('audit', position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('audit', cursor)).toEqual(position);
  });

  it("refuses another list's cursor with a 400 naming 'cursor'", () => {
    const error = refusal('users', encodeCursor('deliveries:a', position));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).getStatus()).toBe(400);
    expect(JSON.stringify((error as ApiError).getResponse())).toContain("'cursor'");
  });

  it.each([
    ['empty', ''],
    ['not base64url', '!!!!'],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['an object', Buffer.from('{"a":1}').toString('base64url')],
    ['a time that is no integer', Buffer.from('["audit",1.5,"x"]').toString('base64url')],
    ['a time past any date', Buffer.from('["audit",9e15,"x"]').toString('base64url')],
    ['an id that is no string', Buffer.from('["audit",1,2]').toString('base64url')],
    ['base64 padding', `${encodeCursor('audit', position)}=`],
    ['a stray character', `${encodeCursor('audit', position)}.`],
  ])('refuses %s', (_name, cursor) => {
    expect(refusal('audit', cursor)).toBeInstanceOf(ApiError);
  });

  it('maps the rows of a page and keeps where the next starts', async () => {
    const page = await mapPage({ rows: [1, 2], next: position }, async (n) => n * 10);
    expect(page).toEqual({ rows: [10, 20], next: position });
  });
});
