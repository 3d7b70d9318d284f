import type { Browser } from 'playwright-core';
import { BrowserRenderers } from '../../../../../src/rendering/engine/chromium/browser-renderers';

/** A browser whose CDP sessions answer with `answer` (a promise that may never settle). */
function browserAnswering(answer: () => Promise<unknown>) {
  const sessions: { detached: boolean }[] = [];
  const browser = {
    newBrowserCDPSession: async () => {
      const session = {
        detached: false,
        send: answer,
        detach: async () => void (session.detached = true),
      };
      sessions.push(session);
      return session;
    },
  } as unknown as Browser;
  return { browser, sessions };
}

describe('BrowserRenderers', () => {
  afterEach(() => jest.useRealTimers());

  it("names the browser's renderers only, over one session", async () => {
    const { browser, sessions } = browserAnswering(async () => ({
      processInfo: [
        { type: 'browser', id: 10, cpuTime: 1 },
        { type: 'renderer', id: 11, cpuTime: 1 },
        { type: 'GPU', id: 12, cpuTime: 1 },
        { type: 'renderer', id: 13, cpuTime: 1 },
      ],
    }));
    const renderers = new BrowserRenderers(browser);
    expect(await renderers.pids()).toEqual([11, 13]);
    expect(await renderers.pids()).toEqual([11, 13]);
    expect(sessions).toHaveLength(1);
  });

  it('answers none for a wedged browser instead of waiting, and asks on a new session next time', async () => {
    jest.useFakeTimers();
    const { browser, sessions } = browserAnswering(() => new Promise(() => undefined));
    const renderers = new BrowserRenderers(browser);
    const answer = renderers.pids();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(await answer).toEqual([]);
    expect(sessions[0].detached).toBe(true);
    void renderers.pids();
    await jest.advanceTimersByTimeAsync(0);
    expect(sessions).toHaveLength(2);
  });

  it('answers none when the browser is gone', async () => {
    const gone = {
      newBrowserCDPSession: () =>
        Promise.reject(new Error('Target page, context or browser has been closed')),
    } as unknown as Browser;
    expect(await new BrowserRenderers(gone).pids()).toEqual([]);
  });
});
