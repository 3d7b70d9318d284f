import { Pager, nextLink } from '../../../src/http/paging/pager';
import { encodeCursor } from '../../../src/base/paging/cursor';
import type { Request, Response } from 'express';

const position = { at: new Date('2026-12-07T21:30:00Z'), id: 'a' };

describe('next link', () => {
  it('is the request path and query, with the next cursor and the limit', () => {
    expect(nextLink('/v1/admin/audit?action=user.create&limit=5', 'abc_-1', 5)).toBe(
      '</v1/admin/audit?action=user.create&limit=5&cursor=abc_-1>; rel="next"',
    );
  });

  it('replaces the cursor it was reached with, and adds the limit a cursor alone implied', () => {
    expect(nextLink('/v1/webhooks?cursor=old', 'new', 50)).toBe(
      '</v1/webhooks?cursor=new&limit=50>; rel="next"',
    );
  });

  it('keeps the other parameters encoded', () => {
    expect(nextLink('/v1/admin/audit?from=2026-11-01T00%3A00%3A00Z&limit=2', 'c', 2)).toBe(
      '</v1/admin/audit?from=2026-11-01T00%3A00%3A00Z&limit=2&cursor=c>; rel="next"',
    );
  });
});

describe('Pager', () => {
  const pagerFor = (originalUrl: string) => {
    const headers: Record<string, string> = {};
    const response = { set: (name: string, value: string) => (headers[name] = value) };
    const pager = new Pager({ originalUrl } as Request, response as unknown as Response);
    return { pager, headers };
  };

  it('answers the whole list without limit and cursor, and no Link', async () => {
    const { pager, headers } = pagerFor('/v1/admin/users');
    const rows = await pager.array('users', {}, async () => [1, 2, 3], fail);
    expect(rows).toEqual([1, 2, 3]);
    expect(headers).toEqual({});
  });

  it('answers a page from the cursor, with a Link while more follow, none on the last', async () => {
    const { pager, headers } = pagerFor('/v1/admin/users?limit=2');
    const asked: unknown[] = [];
    const rows = await pager.array('users', { limit: 2 }, fail, async (window) => {
      asked.push(window);
      return { rows: [1, 2], next: position };
    });
    expect(rows).toEqual([1, 2]);
    expect(asked).toEqual([{ limit: 2, after: null }]);
    expect(headers.Link).toBe(
      `</v1/admin/users?limit=2&cursor=${encodeCursor('users', position)}>; rel="next"`,
    );

    const last = pagerFor('/v1/admin/users?cursor=x');
    const cursor = encodeCursor('users', position);
    await last.pager.array('users', { cursor }, fail, async (window) => {
      expect(window).toEqual({ limit: 50, after: position });
      return { rows: [3], next: null };
    });
    expect(last.headers).toEqual({});
  });
});

async function fail(): Promise<never> {
  throw new Error('not this way');
}
