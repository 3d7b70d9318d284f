import { CaptureCoordinator } from '../../../../src/domain/captures/run/capture-coordinator';
import { ManualClock } from '../../../../src/platform/config/clock';
import {
  checked,
  coordinatorConfig,
  EMAIL,
  emailsOf,
  LEASES,
  MemoryCaptureStore,
  ScriptedQueue,
  statusOf,
} from '../../../support/capture-doubles';

describe('CaptureCoordinator prefetch: the whole batch or none', () => {
  const batch = ['OL2019', 'OL2016', 'GMAILNEW'].map(checked);
  /** A coordinator over an in-memory store and a queue with `room` places. */
  function setup(room = 100) {
    const store = new MemoryCaptureStore();
    const queue = new ScriptedQueue();
    queue.room = room;
    const coordinator = new CaptureCoordinator(
      store.asStore(),
      queue,
      LEASES,
      emailsOf(() => EMAIL),
      coordinatorConfig(),
      new ManualClock(),
    );
    return { store, queue, coordinator };
  }

  it('answers 503 and starts nothing when the queue cannot take every configuration', async () => {
    const { store, queue, coordinator } = setup(2);
    expect(await statusOf(coordinator.prefetch(EMAIL, batch))).toBe(503);
    expect(queue.enqueued).toEqual([]);
    expect([...store.rows.values()]).toEqual([]);
    expect(queue.room).toBe(2);
  });

  it('accepts a full batch even when other requests would find the queue full meanwhile', async () => {
    const { store, queue, coordinator } = setup(3);
    const started = coordinator.prefetch(EMAIL, batch);
    queue.full = true; // a reserved place is never refused
    await started;
    expect(queue.enqueued).toHaveLength(3);
    expect([...store.rows.values()].map((row) => row.client)).toEqual([
      'OL2019',
      'OL2016',
      'GMAILNEW',
    ]);
    expect(queue.room).toBe(0);
  });

  it('reserves only for configurations that need a render, and gives back unused places', async () => {
    const { queue, coordinator } = setup();
    await coordinator.prefetch(EMAIL, [batch[0], batch[0]]);
    expect(queue.enqueued).toHaveLength(1);
    expect(queue.room).toBe(99);
    await coordinator.prefetch(EMAIL, batch);
    expect(queue.enqueued).toHaveLength(3);
    expect(queue.room).toBe(97);
  });
});
