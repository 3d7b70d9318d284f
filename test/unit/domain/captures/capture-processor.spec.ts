import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../../src/platform/config/app-config';
import { ManualClock } from '../../../../src/platform/config/clock';
import { EventsHub } from '../../../../src/platform/events/events-hub';
import type { ServiceEvent } from '../../../../src/platform/events/service-event';
import { Metrics } from '../../../../src/platform/metrics/metrics';
import { CaptureProcessor } from '../../../../src/domain/captures/run/capture-processor';
import type { CaptureStateMachine } from '../../../../src/domain/captures/state/capture-state-machine';
import type { Renderer, RenderResult } from '../../../../src/rendering/render';
import type { Storage } from '../../../../src/platform/storage/storage';
import { CaptureThumbnails } from '../../../../src/domain/captures/run/capture-thumbnails';
import { RenderFirst } from '../../../../src/domain/captures/run/render-first';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { RenderMemoryError } from '../../../../src/rendering/engine/render-errors';
import { PreparationError } from '../../../../src/rendering/prepare/preparer';
import {
  EMAIL,
  emailsOf,
  LEASES,
  MemoryCaptureStore,
  OL2019,
} from '../../../support/capture-doubles';

/** The store double, with the transaction that marks a capture captured and bills it. */
class BillingStore extends MemoryCaptureStore {
  readonly usage: string[] = [];
  /** What the attempt asked to delete, and on what condition (CaptureStateMachine.deleteUnheld). */
  readonly deletions: { keys: string[]; unlessInFlight: boolean }[] = [];
  async deleteUnheld(_emailId: string, files: { key: string }[], { unlessInFlight = false } = {}) {
    this.deletions.push({ keys: files.map((file) => file.key), unlessInFlight });
  }
  async markCaptured(
    job: { captureId: string; attempt: number },
    _email: unknown,
    result: { viewportWidth: number; files: Record<string, unknown> },
  ) {
    const row = this.rows.get(job.captureId)!;
    if (row.attempt !== job.attempt || row.status !== 'pending') return false;
    const now = new Date();
    Object.assign(row, { status: 'captured', capturedAt: now, expiresAt: now, ...result });
    this.usage.push(row.id);
    return true;
  }
}

const RESULT = {
  full: Buffer.from('full'),
  prepareCpuMs: 9,
  digest: 'c0ffee',
  thumbnailTop: 1200,
  thumbnails: async () => ({ thumb: Buffer.from('thumb'), thumb450: Buffer.from('thumb450') }),
  viewportWidth: 800,
  report: [],
  shared: false,
  engine: { name: 'chromium', version: '156' },
  timings: { prepareMs: 12, captureMs: 150, imagesMs: 4, totalMs: 166 },
} as unknown as RenderResult;

const CONFIG = loadConfig({ DATA_DIR: '/tmp/ip-unit', PUBLIC_URL: 'https://api.example' });
const CLOCK = new ManualClock(new Date('2026-11-24T10:00:00Z'));

describe('CaptureProcessor (store, emails, renderer and storage replaced by doubles)', () => {
  let hub: EventsHub;
  let published: ServiceEvent[] = [];
  let store: BillingStore;
  let stored: Map<string, Buffer>;
  let render: jest.Mock;
  let email: typeof EMAIL | null;
  let processor: CaptureProcessor;
  let thumbnails: CaptureThumbnails;
  let renderFirst: RenderFirst;
  let metrics: Metrics;
  beforeEach(() => {
    metrics = new Metrics();
    store = new BillingStore();
    stored = new Map();
    email = EMAIL;
    render = jest.fn().mockResolvedValue(RESULT);
    const emails = emailsOf(() => email);
    const storage = {
      put: async (key: string, data: Buffer) => (stored.set(key, data), 'local'),
      putAt: async (_at: string, key: string, data: Buffer) => void stored.set(key, data),
      delete: async (files: { key: string }[]) =>
        void files.forEach((file) => stored.delete(file.key)),
    } as unknown as Storage;
    renderFirst = new RenderFirst();
    thumbnails = new CaptureThumbnails(storage, clientCatalog, renderFirst, metrics);
    hub = new EventsHub();
    processor = new CaptureProcessor(
      store.asStore() as CaptureStateMachine,
      LEASES,
      emails,
      { render } as unknown as Renderer,
      storage,
      thumbnails,
      renderFirst,
      metrics,
      hub,
      CONFIG,
      CLOCK,
    );
    published = [];
    hub.subscribe((event) => void published.push(event));
  });

  /** What /metrics would say of captures: `client outcome` → count. */
  async function counted(): Promise<Record<string, number>> {
    const { values } = await metrics.captures.get();
    return Object.fromEntries(
      values.map((value) => [`${value.labels.client} ${value.labels.outcome}`, value.value]),
    );
  }

  it('renders, stores the full image, bills once, then stores the thumbnails, each under the name of its content', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    let thumbnailsMade: () => void = () => undefined;
    render.mockResolvedValue({
      ...RESULT,
      thumbnails: () =>
        new Promise((resolve) => (thumbnailsMade = () => resolve(RESULT.thumbnails()))),
    });
    expect(await processor.process(job)).toEqual({ status: 'captured', viewportWidth: 800 });
    expect(render.mock.calls[0][1]).toBe('OL2019'); // a worker's job: the renderer resolves it
    // capture.completed, for the email's application, with the three URLs and the report.
    await new Promise(setImmediate);
    expect(published).toEqual([
      expect.objectContaining({
        type: 'capture.completed',
        timestamp: '2026-11-24T10:00:00.000Z',
        applicationId: EMAIL.applicationId,
        emailGuid: EMAIL.id,
        data: expect.objectContaining({
          email_guid: EMAIL.id,
          client: 'OL2019',
          images: 'allowed',
          orientation: 'vertical',
          full_url: expect.stringMatching(/ol2019-vertical-allowed-800\.png$/),
          thumb_url: expect.stringMatching(/-thumb\.png$/),
          thumb450_url: expect.stringMatching(/-thumb450\.png$/),
          report_url: expect.stringMatching(/\/report\?/),
        }),
      }),
    ]);
    // Answered before the thumbnails exist: only the full image is stored so far, under
    // the name of its content (the keys every capture sharing this render holds).
    expect([...stored.keys()]).toEqual([`captures/${EMAIL.id}/renders/c0ffee.png`]);
    expect(Object.values(store.rows.get(job.captureId)!.files!).map((f) => f.key)).toEqual([
      `captures/${EMAIL.id}/renders/c0ffee.png`,
      `captures/${EMAIL.id}/renders/c0ffee-top1200-thumb.png`,
      `captures/${EMAIL.id}/renders/c0ffee-top1200-thumb450.png`,
    ]);
    expect(store.usage).toEqual([job.captureId]);
    thumbnailsMade();
    await thumbnails.drain(1000);
    expect([...stored.keys()].map((key) => key.split('/').pop())).toEqual([
      'c0ffee.png',
      'c0ffee-top1200-thumb.png',
      'c0ffee-top1200-thumb450.png',
    ]);
    expect(store.usage).toEqual([job.captureId]);
    expect(await counted()).toEqual({ 'OL2019 captured': 1 });
    const phases = (await metrics.renderSeconds.get()).values.filter((value) =>
      value.metricName?.endsWith('_count'),
    );
    expect(phases.map((value) => [value.labels.phase, value.value])).toEqual([
      ['prepare', 1],
      ['screenshot', 1],
      ['encode', 1],
    ]);
    // CPU by phase: the preparation's thread time as the renderer measured it; the thumbnails'.
    const cpu = (await metrics.captureCpuSeconds.get()).values;
    const cpuBy = (suffix: string) =>
      cpu
        .filter((value) => value.metricName?.endsWith(suffix))
        .map((value) => [value.labels.phase, value.value]);
    expect(cpuBy('_count')).toEqual([
      ['prepare', 1],
      ['thumbnails', 1],
    ]);
    expect(cpuBy('_sum')).toContainEqual(['prepare', 0.009]);
  });

  it('an attempt its request started here renders as it is: no lease to take, no email to read, the profile it resolved', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    email = null; // were it read, the attempt would fail as email-expired
    const lease = jest.spyOn(store, 'lease');
    expect(await processor.process(job, { email: EMAIL, profile: OL2019.profile })).toEqual({
      status: 'captured',
      viewportWidth: 800,
    });
    expect(lease).not.toHaveBeenCalled();
    expect(store.reads).toBe(0);
    expect(render.mock.calls[0][1]).toBe(OL2019.profile);
  });

  it('completion is idempotent: the same job again renders nothing and bills nothing', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    await processor.process(job);
    expect(await processor.process(job)).toEqual({ status: 'captured', viewportWidth: 800 });
    expect(render).toHaveBeenCalledTimes(1);
    expect(store.usage).toHaveLength(1);
  });

  it('a capture sharing a stored render writes its thumbnails no second time', async () => {
    const first = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    const thumbnailsOf = jest.fn(RESULT.thumbnails);
    render.mockResolvedValue({ ...RESULT, thumbnails: thumbnailsOf });
    await processor.process(first);
    await thumbnails.drain(1000);
    const second = (await store.insertPending(randomUUID(), 'other-email', OL2019))!;
    render.mockResolvedValue({ ...RESULT, shared: true, thumbnails: thumbnailsOf });
    expect(await processor.process({ ...second, emailId: EMAIL.id })).toMatchObject({
      status: 'captured',
    });
    await thumbnails.drain(1000);
    expect(thumbnailsOf).toHaveBeenCalledTimes(1);
  });

  it('an attempt that lost the row asks to delete its file unless another capture holds it or is being made, and says it was superseded', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    render.mockImplementation(async () => {
      await store.claim({ ...store.rows.get(job.captureId)! }); // another request claims it
      return RESULT;
    });
    expect(await processor.process(job)).toEqual({ status: 'superseded' });
    await thumbnails.drain(1000);
    expect(store.deletions).toEqual([
      { keys: [`captures/${EMAIL.id}/renders/c0ffee.png`], unlessInFlight: true },
    ]);
    expect([...stored.keys()]).toEqual([`captures/${EMAIL.id}/renders/c0ffee.png`]); // no thumbnails
    expect(store.usage).toEqual([]);
  });

  it('records a failed render as a typed failure, with its message', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    render.mockRejectedValue(new Error('renderer crashed'));
    expect(await processor.process(job)).toEqual({
      status: 'failed',
      failure: 'render',
      error: 'renderer crashed',
    });
    expect(store.rows.get(job.captureId)).toMatchObject({
      status: 'failed',
      failure: 'render',
      error: 'renderer crashed',
    });
    expect(await counted()).toEqual({ 'OL2019 failed': 1 });
    // capture.failed carries the contract's status and description.
    await new Promise(setImmediate);
    expect(
      published.map((event) => [event.type, event.data.status, event.data.description]),
    ).toEqual([
      [
        'capture.failed',
        500,
        'Internal Server Error: unexpected failure of an email client (OL2019)',
      ],
    ]);
  });

  it('a render failing after its row was handed back (the browser closed by a shutdown past its grace) records nothing and publishes no capture.failed', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    render.mockImplementation(async () => {
      Object.assign(store.rows.get(job.captureId)!, { status: 'failed', failure: 'interrupted' });
      throw new Error('the browser pool is closed');
    });
    expect(await processor.process(job)).toEqual({ status: 'superseded' });
    expect(store.rows.get(job.captureId)).toMatchObject({
      status: 'failed',
      failure: 'interrupted',
    });
    await new Promise(setImmediate);
    expect(published).toEqual([]);
  });

  it('an expired email fails the attempt as email-expired', async () => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    email = { ...EMAIL, expiredAt: new Date() } as typeof EMAIL;
    expect(await processor.process(job)).toEqual({
      status: 'failed',
      failure: 'email-expired',
      error: 'the email has expired',
    });
    expect(store.rows.get(job.captureId)).toMatchObject({ failure: 'email-expired' });
    expect(render).not.toHaveBeenCalled();
  });

  it.each([
    [new RenderMemoryError('over its 400 MB budget'), 'memory'],
    [new PreparationError('preparing the email took longer than 10000 ms'), 'preparation'],
  ])('types a budget failure as the email’s own: %s', async (error, failure) => {
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    render.mockRejectedValue(error);
    expect(await processor.process(job)).toMatchObject({ status: 'failed', failure });
    expect(store.rows.get(job.captureId)).toMatchObject({ status: 'failed', failure });
  });

  it('an attempt whose outcome cannot be written is interrupted and handed back', async () => {
    const handedBack: string[] = [];
    const leases = {
      ...LEASES,
      handBackAbandoned: (job: { captureId: string }) => handedBack.push(job.captureId),
    };
    processor = new CaptureProcessor(
      Object.assign(store.asStore(), {
        markCaptured: async () => {
          throw new Error('Connection terminated unexpectedly');
        },
      }) as CaptureStateMachine,
      leases as unknown as typeof LEASES,
      emailsOf(() => email),
      { render } as unknown as Renderer,
      { put: async () => undefined, delete: async () => undefined } as unknown as Storage,
      thumbnails,
      renderFirst,
      metrics,
      new EventsHub(),
      CONFIG,
      CLOCK,
    );
    const job = (await store.insertPending(randomUUID(), EMAIL.id, OL2019))!;
    expect(await processor.process(job)).toEqual({
      status: 'failed',
      failure: 'interrupted',
      error: 'Connection terminated unexpectedly',
    });
    expect(handedBack).toEqual([job.captureId]);
    expect(await counted()).toEqual({ 'OL2019 abandoned': 1 });
  });
});
