import { setTimeout as sleep } from 'node:timers/promises';
import { within } from '../../../../src/base/system/deadline';

describe('within', () => {
  it("answers the work's result when it comes first", async () => {
    expect(await within(sleep(5, 'done'), 1000, () => 'late')).toBe('done');
  });

  it("answers late()'s value, or throws its error, once the time has passed", async () => {
    expect(await within(sleep(1000, 'done'), 5, () => 'late')).toBe('late');
    await expect(
      within(sleep(1000), 5, () => {
        throw new Error('too slow');
      }),
    ).rejects.toThrow('too slow');
  });

  it('leaves no timer behind, and ignores what the work does after its deadline', async () => {
    const failing = sleep(20).then(() => {
      throw new Error('after the deadline');
    });
    expect(await within(failing, 5, () => 'late')).toBe('late');
    await sleep(30); // an unhandled rejection here would fail the test run
    expect(await within(Promise.resolve(1), 60_000, () => 0)).toBe(1); // jest would wait for the timer
  });
});
