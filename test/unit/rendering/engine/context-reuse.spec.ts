import type { BrowserContext } from 'playwright-core';
import { ParkedContexts } from '../../../../src/rendering/engine/parked-contexts';
import { WarmContexts } from '../../../../src/rendering/engine/warm-contexts';

/** A stand-in context that records whether it was closed. */
function fakeContext(): BrowserContext & { closed: boolean } {
  const fake = {
    closed: false,
    close: async () => void (fake.closed = true),
    pages: () => [],
  };
  return fake as unknown as BrowserContext & { closed: boolean };
}

describe('ParkedContexts', () => {
  const browser = {};
  afterEach(() => jest.useRealTimers());

  it('hands a context back only under its own key and browser', async () => {
    const parked = new ParkedContexts(4, 1000);
    const context = fakeContext();
    parked.park('email-a', browser, context);
    expect(parked.take('email-b', browser)).toBeUndefined();
    expect(parked.take('email-a', {})).toBeUndefined();
    expect(parked.take('email-a', browser)).toBe(context);
    expect(parked.take('email-a', browser)).toBeUndefined();
    expect(context.closed).toBe(false);
  });

  it('closes a context left idle', async () => {
    jest.useFakeTimers();
    const parked = new ParkedContexts(4, 1000);
    const context = fakeContext();
    parked.park('email-a', browser, context);
    await jest.advanceTimersByTimeAsync(1001);
    expect(context.closed).toBe(true);
    expect(parked.take('email-a', browser)).toBeUndefined();
  });

  it('closes the oldest beyond its size, and all of a browser going away', async () => {
    const parked = new ParkedContexts(2, 1000);
    const [a, b, c] = [fakeContext(), fakeContext(), fakeContext()];
    parked.park('a', browser, a);
    parked.park('b', browser, b);
    parked.park('c', {}, c);
    await Promise.resolve();
    expect([a.closed, b.closed, c.closed]).toEqual([true, false, false]);
    await parked.dropAll(browser);
    expect([b.closed, c.closed]).toEqual([true, false]);
    expect(parked.size).toBe(1);
  });

  it('keeps nothing when off', () => {
    const parked = new ParkedContexts(0, 1000);
    const context = fakeContext();
    parked.park('email-a', browser, context);
    expect(context.closed).toBe(true);
    expect(parked.take('email-a', browser)).toBeUndefined();
  });
});

describe('WarmContexts', () => {
  const browser = {};

  it('hands each warm context out once, for its options and browser', async () => {
    const warm = new WarmContexts(2);
    const context = fakeContext();
    warm.prepare('scale-1', browser, async () => context);
    expect(await warm.take('scale-2', browser)).toBeUndefined();
    expect(await warm.take('scale-1', {})).toBeUndefined();
    expect(await warm.take('scale-1', browser)).toBe(context);
    expect(await warm.take('scale-1', browser)).toBeUndefined();
  });

  it('opens one per options, closes the oldest beyond its size, and forgets failures', async () => {
    const warm = new WarmContexts(1);
    const opened: ReturnType<typeof fakeContext>[] = [];
    const open = async () => {
      const context = fakeContext();
      opened.push(context);
      return context;
    };
    warm.prepare('scale-1', browser, open);
    warm.prepare('scale-1', browser, open);
    expect(opened).toHaveLength(1);
    warm.prepare('scale-2', browser, open);
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened.map((context) => context.closed)).toEqual([true, false]);
    warm.prepare('scale-3', browser, async () => Promise.reject(new Error('no browser')));
    expect(await warm.take('scale-3', browser)).toBeUndefined();
  });

  it('keeps a second one opening while captures outpace one, and one again once two are ready', async () => {
    const warm = new WarmContexts(2);
    const opening: ((context: BrowserContext) => void)[] = [];
    const open = () => new Promise<BrowserContext>((resolve) => opening.push(resolve));
    const settle = async () => {
      opening.splice(0).forEach((resolve) => resolve(fakeContext()));
      await new Promise((resolve) => setImmediate(resolve));
    };
    warm.prepare('scale-1', browser, open);
    expect(opening).toHaveLength(1);
    const taken = warm.take('scale-1', browser); // still opening: this capture waits
    await settle();
    expect(await taken).toBeDefined();
    warm.prepare('scale-1', browser, open);
    expect(opening).toHaveLength(2); // one for the next capture, one for the one after
    await settle();
    await warm.take('scale-1', browser); // found ready, and another ready beside it
    warm.prepare('scale-1', browser, open);
    expect(opening).toHaveLength(0); // the one left is enough again
    await warm.take('scale-1', browser);
    warm.prepare('scale-1', browser, open);
    expect(opening).toHaveLength(1);
  });

  it('keeps no second one at the cost of other options: captures alternating two sets keep one each', async () => {
    const warm = new WarmContexts(2);
    const opened: ReturnType<typeof fakeContext>[] = [];
    let resolveOpen: (() => void)[] = [];
    const open = () =>
      new Promise<BrowserContext>((resolve) => {
        const context = fakeContext();
        opened.push(context);
        resolveOpen.push(() => resolve(context));
      });
    const settle = async () => {
      resolveOpen.forEach((resolve) => resolve());
      resolveOpen = [];
      await new Promise((resolve) => setImmediate(resolve));
    };
    for (const signature of ['scale-1', 'scale-3']) warm.prepare(signature, browser, open);
    for (let round = 0; round < 3; round++) {
      for (const signature of ['scale-1', 'scale-3']) {
        const taken = warm.take(signature, browser); // still opening: it waits, and goes ahead
        await settle();
        expect(await taken).toBeDefined();
        warm.prepare(signature, browser, open);
      }
    }
    expect(opened.filter((context) => context.closed)).toEqual([]); // nothing opened for nothing
    expect(opened).toHaveLength(8); // the first two, then one per capture
  });

  it('opens nothing when off', async () => {
    const warm = new WarmContexts(0);
    const open = jest.fn(async () => fakeContext());
    warm.prepare('scale-1', browser, open);
    expect(open).not.toHaveBeenCalled();
  });
});
