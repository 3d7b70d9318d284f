import type { Browser, CDPSession } from 'playwright-core';
import { within } from '../../../base/system/deadline';

/** A browser that does not name its renderers within this is skipped for one look. */
const ANSWER_MS = 1000;

/**
 * A browser's renderer processes, as the browser itself reports them (CDP
 * SystemInfo.getProcessInfo, under a millisecond). The watch used to find them by walking
 * all of /proc every 100 ms, about 17 ms of the API's main thread per capture measured
 * back to back; the browser knows its renderers, the pid namespace of a sandbox included.
 */
export class BrowserRenderers {
  private session?: Promise<CDPSession>;

  constructor(private readonly browser: Browser) {}

  /**
   * The pids of its renderers now; none when it does not answer in time (gone, going, or
   * wedged: the watch must never wait on one browser, or it stops watching the others).
   */
  async pids(): Promise<number[]> {
    const session = (this.session ??= this.browser.newBrowserCDPSession());
    const asked = session.then((s) => s.send('SystemInfo.getProcessInfo'));
    try {
      const { processInfo } = await within(asked, ANSWER_MS, () => {
        throw new Error('no answer');
      });
      return processInfo.filter((info) => info.type === 'renderer').map((info) => info.id);
    } catch {
      if (this.session === session) this.session = undefined;
      void session.then((s) => s.detach()).catch(() => undefined);
      return [];
    }
  }
}
