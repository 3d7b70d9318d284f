import type { CDPSession } from 'playwright-core';
import { screenshotOf } from '../../../../../src/rendering/engine/chromium/capture-page';

/** A DevTools session that answers with these, in order (an Error is thrown). */
function session(...answers: (Error | { data: string })[]): {
  cdp: CDPSession;
  asked: () => number;
} {
  let asked = 0;
  const cdp = {
    send: async () => {
      const answer = answers[asked++];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as CDPSession;
  return { cdp, asked: () => asked };
}

describe('the screenshot', () => {
  const params = { format: 'png' as const };

  const unable = new Error('Protocol error (Page.captureScreenshot): Unable to capture screenshot');
  const noDelays = [0, 0, 0];

  it("is asked again when Chromium's compositor had no frame to copy", async () => {
    const { cdp, asked } = session(unable, unable, { data: 'png' });
    await expect(screenshotOf(cdp, params, noDelays)).resolves.toEqual({ data: 'png' });
    expect(asked()).toBe(3);
  });

  it('fails at once on any other error, and after the last "unable"', async () => {
    const other = session(new Error('Target closed'), { data: 'png' });
    await expect(screenshotOf(other.cdp, params, noDelays)).rejects.toThrow('Target closed');
    expect(other.asked()).toBe(1);
    const always = session(unable, unable, unable, unable, { data: 'png' });
    await expect(screenshotOf(always.cdp, params, noDelays)).rejects.toThrow(unable);
    expect(always.asked()).toBe(4);
  });
});
