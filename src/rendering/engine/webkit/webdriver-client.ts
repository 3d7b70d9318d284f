/**
 * The few W3C WebDriver commands a WebKit capture needs, over fetch. Written here rather than
 * taken from selenium-webdriver or webdriverio: a capture needs every call bounded by its own
 * deadline and abortable (a `POST /session` can hang when the display goes away, ENGINES.md),
 * which neither client offers per command, and it uses six endpoints of the protocol.
 */
export class WebDriverError extends Error {}

/** A new MiniBrowser answers in under a second here, a few seconds with both cores busy. */
const NEW_SESSION_MS = 20_000;

export interface WebDriverSession {
  id: string;
  browserVersion: string;
}

export class WebDriverClient {
  /** A session answered: a failure before it is the browser's, not the email's. */
  sessionOpened = false;

  constructor(
    private readonly base: string,
    private readonly signal: AbortSignal,
  ) {}

  /** Bounded on its own as well: it can hang when the display goes away (ENGINES.md). */
  async newSession(capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await this.call<{ sessionId: string; capabilities: { browserVersion: string } }>(
      'POST',
      '/session',
      { capabilities: { alwaysMatch: capabilities } },
      AbortSignal.any([this.signal, AbortSignal.timeout(NEW_SESSION_MS)]),
    );
    this.sessionOpened = true;
    return { id: value.sessionId, browserVersion: value.capabilities.browserVersion };
  }

  setWindowSize(session: string, width: number, height: number): Promise<unknown> {
    return this.call('POST', `/session/${session}/window/rect`, { width, height });
  }

  navigate(session: string, url: string): Promise<unknown> {
    return this.call('POST', `/session/${session}/url`, { url });
  }

  /** A function body run in the page's automation world (the email's own scripts never run). */
  execute<T>(session: string, script: string, args: unknown[] = []): Promise<T> {
    return this.call<T>('POST', `/session/${session}/execute/sync`, { script, args });
  }

  executeAsync<T>(session: string, script: string, args: unknown[] = []): Promise<T> {
    return this.call<T>('POST', `/session/${session}/execute/async`, { script, args });
  }

  /** The web view's pixels at the display's scale, as a PNG. */
  async screenshot(session: string): Promise<Buffer> {
    return Buffer.from(await this.call<string>('GET', `/session/${session}/screenshot`), 'base64');
  }

  deleteSession(session: string): Promise<unknown> {
    return this.call('DELETE', `/session/${session}`);
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    signal = this.signal,
  ): Promise<T> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const parsed = (await response.json().catch(() => ({}))) as {
      value?: T & { error?: string; message?: string };
    };
    if (!response.ok) {
      const value = parsed.value;
      throw new WebDriverError(
        `WebDriver ${method} ${path.replace(/\/session\/[^/]+/, '/session/…')}: ${value?.error ?? response.status} ${value?.message ?? ''}`.trim(),
      );
    }
    return parsed.value as T;
  }
}
