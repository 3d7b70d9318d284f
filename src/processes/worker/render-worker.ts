import { PinoLogger } from 'nestjs-pino';
import { withRequestId } from '../../platform/logging/request-id';
import { Metrics } from '../../platform/metrics/metrics';
import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { within } from '../../base/system/deadline';
import { AppConfig } from '../../platform/config/app-config';
import { closeWithin, RedisReconnection } from '../../platform/redis/redis-availability';
import { ExpiryService } from '../../domain/expiry/expiry.service';
import { CaptureDrain } from '../../domain/captures/run/capture-drain';
import { CaptureLeases } from '../../domain/captures/run/capture-leases';
import { CaptureProcessor } from '../../domain/captures/run/capture-processor';
import type { CaptureJob } from '../../domain/captures/state/capture-attempt';
import { Renderer } from '../../rendering';
import { warmUp } from '../../domain/renderer/renderer.module';
import {
  captureQueueOf,
  EXPIRY_JOB,
  MAINTENANCE_QUEUE,
  redisConnection,
} from '../../domain/captures/queue/queue-names';
import { assertEveryJobHandled } from './job-handlers';

/** Touched while the worker lives; the container health check reads its age. */
export const HEARTBEAT_FILE = join(tmpdir(), 'instant-preview-worker.alive');

/**
 * A render worker: takes the capture jobs of the engines it runs (CAPTURE_CONCURRENCY at a
 * time per engine) and, once per
 * EXPIRY_INTERVAL across all workers, the expiry job (a BullMQ job scheduler: one job per
 * interval however many workers run). A worker killed mid-job loses its lock; after
 * WORKER_LOCK_MS another worker takes the job over (stalled-job recovery).
 */
@Injectable()
export class RenderWorker
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(RenderWorker.name);
  private readonly workers: Worker[] = [];
  private maintenance?: Queue;
  private readonly reconnection = new RedisReconnection();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly processor: CaptureProcessor,
    private readonly leases: CaptureLeases,
    private readonly drain: CaptureDrain,
    private readonly expiry: ExpiryService,
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly pino: PinoLogger,
    private readonly renderer: Renderer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runMode !== 'scale-out')
      throw new Error('REDIS_URL is required to run a worker');
    warmUp(this.renderer, this.config);
    const handlers: Record<string, (job: Job) => Promise<unknown>> = {
      capture: (job) => {
        // BullMQ stamps a job when it is added: from then to now is its wait for a slot.
        this.metrics.queueWaitSeconds.observe(Math.max(0, Date.now() - job.timestamp) / 1000);
        const data = job.data as CaptureJob;
        // Its row's lease is this worker's while it renders (renewed by the heartbeat).
        this.leases.hold(data.captureId);
        return withRequestId(this.pino, data.requestId, () => this.processor.process(data)).finally(
          () => this.leases.release(data.captureId),
        );
      },
      [EXPIRY_JOB]: () => this.expiry.run(),
    };
    assertEveryJobHandled(handlers);
    const connection = redisConnection(this.config, this.reconnection);
    const prefix = this.config.redis.prefix;
    const dispatch = async (job: Job) => {
      const handler = handlers[job.name];
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      return handler(job);
    };
    // The engines this worker runs (enabled and installed): it takes their queues' jobs only.
    const engines = this.renderer.runningEngines;
    for (const engine of engines) {
      this.workers.push(
        new Worker(captureQueueOf(engine), dispatch, {
          connection,
          prefix,
          concurrency: this.config.capture.jobsAtOnce,
          lockDuration: this.config.redis.lockMs,
          stalledInterval: this.config.redis.lockMs,
          maxStalledCount: 2,
        }),
      );
    }
    this.workers.push(
      new Worker(MAINTENANCE_QUEUE, dispatch, { connection, prefix, concurrency: 1 }),
    );
    for (const worker of this.workers) {
      worker.on('error', (error) => this.logger.error(error.message));
      await worker.waitUntilReady();
    }
    this.maintenance = new Queue(MAINTENANCE_QUEUE, { connection, prefix });
    if (this.config.expiryIntervalMs > 0) {
      await this.maintenance.upsertJobScheduler(
        EXPIRY_JOB,
        { every: this.config.expiryIntervalMs },
        { name: EXPIRY_JOB },
      );
    }
    writeFileSync(HEARTBEAT_FILE, String(process.pid));
    this.heartbeat = setInterval(() => {
      const now = new Date();
      utimesSync(HEARTBEAT_FILE, now, now);
    }, 10_000);
    this.heartbeat.unref();
    this.logger.log(
      `render worker ready: ${engines.join(', ')}, ${this.config.capture.concurrency} at a time each`,
    );
  }

  /** SIGTERM: the capture drain (CaptureDrain), over this worker's BullMQ workers. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.drain.drain({ stop: (graceMs) => this.stopWorkers(graceMs) });
  }

  /**
   * Takes no new job and lets active ones finish within `graceMs`, then stops the rest:
   * BullMQ hands their jobs to another worker as stalled (their rows are handed back).
   */
  private async stopWorkers(graceMs: number): Promise<void> {
    const closing = Promise.all(this.workers.map((worker) => worker.close()));
    const finished = await within(
      closing.then(() => true),
      graceMs,
      () => false,
    );
    if (!finished)
      await Promise.all(
        this.workers.map((worker) => closeWithin(worker, this.reconnection, { force: true })),
      );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.maintenance) await closeWithin(this.maintenance, this.reconnection);
  }
}
