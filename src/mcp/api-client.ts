import { Answer, exchange, getFollowing, Router } from './http-exchange';

/** JSON answers of the API are small; this only stops a runaway answer. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;
/** A full capture is at most 16,384 device pixels tall; its PNG stays well below this. */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** An answer of the API outside 2xx, with the text of the contract's error body. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  /** The service's root (PUBLIC_URL), without `/v1`. */
  baseUrl: string;
  /** The Authorization header of every API call: `Basic <key:>` or `Bearer <token>`. */
  authorization: string;
  router?: Router;
}

/** `401 Unauthorized: A valid API key ...`, from the contract's body, or the raw answer. */
function errorText(answer: Answer): string {
  const text = answer.body.toString('utf8');
  try {
    const body = JSON.parse(text) as { status?: number; title?: string; description?: string };
    const heading = `${body.status ?? answer.status} ${body.title ?? 'Error'}`;
    return body.description ? `${heading}: ${body.description}` : heading;
  } catch {
    return `${answer.status}: ${text.slice(0, 500)}`;
  }
}

/**
 * The Instant Preview HTTP API as the MCP tools use it, with the caller's own credentials:
 * whatever the API checks, counts and bills applies to the tools alike.
 */
export class InstantPreviewApi {
  private readonly root: URL;

  constructor(private readonly options: ApiClientOptions) {
    this.root = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  /** A call under /v1 (`path` without it), its JSON answer, or an ApiCallError. */
  async call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const url = new URL(`v1/${path}`, this.root);
    const headers: Record<string, string> = {
      authorization: this.options.authorization,
      accept: 'application/json',
    };
    if (body) headers['content-type'] = 'application/json';
    const answer =
      method === 'GET'
        ? await getFollowing(url, { headers, maxBytes: MAX_JSON_BYTES }, this.options.router)
        : await exchange(
            url,
            { method, headers, body: JSON.stringify(body), maxBytes: MAX_JSON_BYTES },
            this.options.router,
          );
    if (answer.status < 200 || answer.status > 299)
      throw new ApiCallError(answer.status, errorText(answer));
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  }

  /** An image the API named (a preview's, a comparison's diff), through its redirects. */
  async image(url: string): Promise<Buffer> {
    const answer = await getFollowing(
      new URL(url),
      { maxBytes: MAX_IMAGE_BYTES },
      this.options.router,
    );
    if (answer.status !== 200) throw new ApiCallError(answer.status, errorText(answer));
    return answer.body;
  }
}
