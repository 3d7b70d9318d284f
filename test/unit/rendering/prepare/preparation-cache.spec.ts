import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { CachingPreparer } from '../../../../src/rendering/prepare/preparation-cache';
import { PreparationError, Preparer } from '../../../../src/rendering/prepare/preparer';
import type { PreparedEmail, PrepareTask } from '../../../../src/rendering/prepare/prepare-task';

class CountingPreparer extends Preparer {
  calls = 0;
  constructor(private readonly outcome: () => PreparedEmail) {
    super();
  }
  async prepare(): Promise<PreparedEmail> {
    this.calls++;
    return this.outcome();
  }
}

const TASK: PrepareTask = {
  email: { html: '<p>x</p>', text: null, images: [] },
  profile: clientCatalog.find('OL2019')!,
  options: { images: 'allowed', orientation: 'vertical' },
};
const PREPARED: PreparedEmail = {
  html: '<p>x</p>',
  served: new Map(),
  report: [],
  fitsToWidth: false,
  cpuMs: 3,
};

describe('CachingPreparer', () => {
  it('prepares an email once per client and options, sharing a preparation in progress', async () => {
    const inner = new CountingPreparer(() => PREPARED);
    const cache = new CachingPreparer(inner);
    const first = await Promise.all([
      cache.prepare(TASK, 'email-1'),
      cache.prepare(TASK, 'email-1'),
    ]);
    const again = await cache.prepare(TASK, 'email-1');
    expect(inner.calls).toBe(1);
    // Its CPU is counted once: by the capture that made it, not by those it served.
    expect([...first, again].map((prepared) => prepared.cpuMs)).toEqual([3, 0, 0]);
    await cache.prepare({ ...TASK, profile: clientCatalog.find('GMAILNEW')! }, 'email-1');
    await cache.prepare({ ...TASK, options: { ...TASK.options, images: 'blocked' } }, 'email-1');
    await cache.prepare(TASK, 'email-2');
    await cache.prepare(TASK); // no key: never cached
    await cache.prepare(TASK);
    expect(inner.calls).toBe(6);
  });

  it("remembers an email's own failure (too slow, too big), not a passing one", async () => {
    const slow = new CountingPreparer(() => {
      throw new PreparationError('preparing the email took longer than 10 ms');
    });
    const cache = new CachingPreparer(slow);
    await expect(cache.prepare(TASK, 'email-1')).rejects.toThrow('longer than 10 ms');
    await expect(cache.prepare(TASK, 'email-1')).rejects.toThrow('longer than 10 ms');
    expect(slow.calls).toBe(1);
    const flaky = new CountingPreparer(() => {
      throw new Error('worker exited');
    });
    const retrying = new CachingPreparer(flaky);
    await expect(retrying.prepare(TASK, 'email-1')).rejects.toThrow('worker exited');
    await expect(retrying.prepare(TASK, 'email-1')).rejects.toThrow('worker exited');
    expect(flaky.calls).toBe(2);
  });
});
