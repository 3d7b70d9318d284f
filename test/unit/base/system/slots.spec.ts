import { Slots } from '../../../../src/base/system/slots';

describe('Slots', () => {
  /** Queues `count` holders of `group` and records the order in which they get a slot. */
  function hold(slots: Slots, group: string, count: number, order: string[]) {
    return Array.from({ length: count }, (_, i) =>
      slots.acquire(group).then((release) => {
        order.push(`${group}${i}`);
        return release;
      }),
    );
  }

  it('serves waiting groups in turn, each in arrival order', async () => {
    const slots = new Slots(1);
    const order: string[] = [];
    const first = await slots.acquire('grid');
    const grid = hold(slots, 'grid', 4, order);
    const other = hold(slots, 'other', 2, order);
    expect(slots.queued).toBe(6);
    let release = first;
    for (const next of [grid[0], other[0], grid[1], other[1], grid[2], grid[3]]) {
      release();
      release = await next;
    }
    release();
    expect(order).toEqual(['grid0', 'other0', 'grid1', 'other1', 'grid2', 'grid3']);
    expect(slots.inUse).toBe(0);
    expect(slots.queued).toBe(0);
  });

  it('a late group is served after at most one holder of each group ahead of it', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    const running = [await slots.acquire('grid'), await slots.acquire('grid')];
    const grid = hold(slots, 'grid', 100, order);
    const late = hold(slots, 'late', 1, order);
    running[0]();
    await grid[0];
    running[1]();
    (await late[0])();
    expect(order.slice(0, 2)).toEqual(['grid0', 'late0']);
  });

  it('counts holders, and a release called twice frees one slot', async () => {
    const slots = new Slots(2);
    const release = await slots.acquire('a');
    expect(slots.inUse).toBe(1);
    release();
    release();
    expect(slots.inUse).toBe(0);
  });

  it('serves holders that name no group in arrival order, as a semaphore', async () => {
    const slots = new Slots(1);
    const order: string[] = [];
    const first = await slots.acquire();
    const waiting = [1, 2, 3].map((n) =>
      slots.acquire().then((release) => {
        order.push(String(n));
        release();
      }),
    );
    first();
    await Promise.all(waiting);
    expect(order).toEqual(['1', '2', '3']);
  });
});
