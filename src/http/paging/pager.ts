import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  decodeCursor,
  encodeCursor,
  KeysetPage,
  KeysetPosition,
  KeysetWindow,
} from '../../base/paging/cursor';
import { CursorQueryDto, DEFAULT_LIMIT } from './cursor-query.dto';

/**
 * `<the request's path and query, its cursor and limit those of the next page>; rel="next"`.
 * Root-relative (RFC 8288 resolves it against the request), so it holds behind any host name.
 */
export function nextLink(requestUrl: string, cursor: string, limit: number): string {
  const next = new URL(requestUrl, 'http://localhost');
  next.searchParams.set('cursor', cursor);
  next.searchParams.set('limit', String(limit));
  return `<${next.pathname}${next.search}>; rel="next"`;
}

/** The paging of one list request: its keyset window, and the Link header to the next page. */
export class Pager {
  constructor(
    private readonly request: Request,
    private readonly response: Response,
  ) {}

  /** The window the query asks for; null without limit and cursor: the list as it always was. */
  window(list: string, query: CursorQueryDto): KeysetWindow | null {
    if (query.limit === undefined && query.cursor === undefined) return null;
    const after = query.cursor === undefined ? null : decodeCursor(list, query.cursor);
    return { limit: query.limit ?? DEFAULT_LIMIT, after };
  }

  /** The Link header on every page but the last. */
  link(list: string, window: KeysetWindow, next: KeysetPosition | null): void {
    if (next)
      this.response.set(
        'Link',
        nextLink(this.request.originalUrl, encodeCursor(list, next), window.limit),
      );
  }

  /** A list that is an array: whole without limit and cursor, else one page of it, linked. */
  async array<T>(
    list: string,
    query: CursorQueryDto,
    whole: () => Promise<T[]>,
    paged: (window: KeysetWindow) => Promise<KeysetPage<T>>,
  ): Promise<T[]> {
    const window = this.window(list, query);
    if (!window) return whole();
    const page = await paged(window);
    this.link(list, window, page.next);
    return page.rows;
  }
}

/** The Pager of the request a handler answers. */
export const Paged = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const http = context.switchToHttp();
  return new Pager(http.getRequest<Request>(), http.getResponse<Response>());
});

/** OpenAPI: the Link header a paged list answers. */
export function ApiPaged(): MethodDecorator {
  return ApiOkResponse({
    description: 'With limit or cursor: one page, and a Link header while more follow',
    headers: {
      Link: {
        description:
          '`</v1/...?cursor=...&limit=...>; rel="next"`: the next page; absent on the last (docs/api.md#pagination)',
        schema: { type: 'string' },
      },
    },
  });
}
