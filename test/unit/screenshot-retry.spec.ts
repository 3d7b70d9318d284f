import type { CDPSession } from 'playwright-core';
import { screenshotOf } from '../../src/rendering/engine/capture-page';

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

  it("is asked once more when Chromium's compositor had no frame to copy", async () => {
    const { cdp, asked } = session(
      new Error('Protocol error (Page.captureScreenshot): Unable to capture screenshot'),
      { data: 'png' },
    );
    await expect(screenshotOf(cdp, params)).resolves.toEqual({ data: 'png' });
    expect(asked()).toBe(2);
  });

  it('fails at once on any other error, and after a second "unable"', async () => {
    const other = session(new Error('Target closed'), { data: 'png' });
    await expect(screenshotOf(other.cdp, params)).rejects.toThrow('Target closed');
    expect(other.asked()).toBe(1);
    const unable = new Error('Unable to capture screenshot');
    await expect(screenshotOf(session(unable, unable).cdp, params)).rejects.toThrow(unable);
  });
});
