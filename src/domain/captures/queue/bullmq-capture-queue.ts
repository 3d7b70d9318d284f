import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import {
  closeWithin,
  RedisReconnection,
  redisAnswerWithin,
  RedisUnavailableError,
} from '../../../platform/redis/redis-availability';
import { AppConfig } from '../../../platform/config/app-config';
import type { EngineName } from '../../../platform/config/environment';
import { ClientCatalog, FALLBACK_ENGINE } from '../../../rendering';
import { Clock } from '../../../platform/config/clock';
import type { Capture } from '../state/capture.entity';
import { AttemptKey, CaptureJob, CaptureOutcome, QueueFullError } from '../state/capture-attempt';
import type { Lease } from '../state/capture-state-machine';
import { retryAfterSeconds } from './admission';
import { CaptureQueue, EnqueueOptions } from './capture-queue';
import { DrainRate, priorDrain } from './drain-rate';
import { EmailTurns } from './email-turns';
import { FailFastQueue } from './fail-fast-queue';
import {
  attemptOfJobId,
  captureQueueOf,
  failFastRedisConnection,
  jobIdOf,
  redisConnection,
} from './queue-names';

const logger = new Logger('BullMqCaptureQueue');
/** The states of a job that a worker will still run, or runs. */
const CARRIED = ['waiting', 'prioritized', 'delayed', 'active'];

/**
 * Scale-out: the API process only enqueues; render workers (`npm run worker`) take the jobs.
 * A job goes to the queue of the engine that draws its client (captureQueueOf): the client's
 * own where this process's ENGINES names it, else Chromium's, as an embedded process would
 * draw it. Outcomes come back through each queue's events (a Redis stream that every API
 * process reads): one listener hands each job's end to the requests waiting for that
 * attempt, in whichever API process they wait, as soon as a worker reports it.
 */
@Injectable()
export class BullMqCaptureQueue extends CaptureQueue implements OnModuleDestroy {
  private queues?: Map<EngineName, Queue>;
  private events?: QueueEvents[];
  /** Until both connections were ready once (BullMQ reconnects them after that). */
  private connected?: Promise<unknown>;
  private ready?: Promise<unknown>;
  /** Places promised to batches of this process and not yet used. */
  private reserved = 0;
  /** How fast the cluster's workers drain the queue, from the completions this process hears. */
  private readonly drain: DrainRate;
  private readonly turns = new EmailTurns();
  private readonly reconnection = new RedisReconnection();

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly catalog: ClientCatalog,
  ) {
    super(config.capture.leaseMs);
    // Before anything has been measured: one worker of this process's settings.
    this.drain = new DrainRate(priorDrain(config.capture.concurrency), clock);
  }

  /**
   * Connects on first use: embedded mode builds this class but never uses it. Requests
   * await `ready`: BullMQ waits for a first connection without end, a request at most
   * REDIS_ANSWER_MS (then 503); once connected, the queue's commands fail fast by themselves.
   */
  private connect(): { queues: Map<EngineName, Queue>; events: QueueEvents[] } {
    if (!this.queues || !this.events || !this.connected) {
      const prefix = this.config.redis.prefix;
      const queues = new Map<EngineName, Queue>();
      const events: QueueEvents[] = [];
      const ended = (jobId: string, outcome: CaptureOutcome) => {
        this.turns.finished(jobId);
        void this.recordCompletion();
        const attempt = attemptOfJobId(jobId);
        if (attempt) this.outcomes.publish(attempt, outcome);
      };
      // Both reconnect by themselves: an outage is logged, never thrown at the process.
      const warn = (error: Error) => logger.warn(`Redis: ${error.message}`);
      for (const engine of this.config.engines) {
        const name = captureQueueOf(engine);
        const queue = new FailFastQueue(name, {
          connection: failFastRedisConnection(this.config, this.reconnection),
          prefix,
        });
        const heard = new QueueEvents(name, {
          connection: redisConnection(this.config, this.reconnection),
          prefix,
        });
        heard.on('completed', ({ jobId, returnvalue }) => ended(jobId, parseOutcome(returnvalue)));
        // The worker's processor records every outcome it can; a failed job is one it could not.
        heard.on('failed', ({ jobId, failedReason }) =>
          ended(jobId, { status: 'failed', failure: 'interrupted', error: failedReason }),
        );
        queue.on('error', warn);
        heard.on('error', warn);
        queues.set(engine, queue);
        events.push(heard);
      }
      this.connected = Promise.all([
        ...[...queues.values()].map((queue) => queue.waitUntilReady()),
        ...events.map((heard) => heard.waitUntilReady()),
      ]);
      [this.queues, this.events] = [queues, events];
    }
    this.ready = redisAnswerWithin(this.connected);
    this.ready.catch(() => undefined); // awaited where needed; left alone, it must not crash us
    return { queues: this.queues, events: this.events };
  }

  /** The queue of the engine that draws `client`: its own if enabled here, else Chromium's. */
  private queueFor(queues: Map<EngineName, Queue>, client: string): Queue {
    const engine = this.catalog.find(client)?.engine ?? FALLBACK_ENGINE;
    return queues.get(engine) ?? (queues.get(FALLBACK_ENGINE) as Queue);
  }

  /** A row waiting in the shared queue: no owner yet, stale only after the whole wait limit. */
  async underLease<T>(_captureId: string, write: (lease: Lease) => Promise<T>): Promise<T> {
    const until = new Date(this.clock.now().getTime() + this.config.capture.waitLimitMs);
    return write({ owner: null, until });
  }

  /** The email is the worker's to read: a job carries its configuration, never its content. */
  async enqueue(job: CaptureJob, options: EnqueueOptions = {}): Promise<void> {
    const { queues } = this.connect();
    await this.ready;
    if (options.reserved) this.reserved = Math.max(0, this.reserved - 1);
    else await this.admit(queues, 1);
    const jobId = jobIdOf(job);
    await this.queueFor(queues, job.configuration.client).add('capture', job, {
      jobId,
      // Emails take turns: see EmailTurns.
      priority: this.turns.next(jobId, job.emailId),
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
      attempts: 1,
    });
  }

  /**
   * Places are held in this process only: two API processes reserving at the same moment
   * may overfill the queue by their batches, never refuse part of one.
   */
  async reserve(count: number): Promise<void> {
    const { queues } = this.connect();
    await this.ready;
    await this.admit(queues, count);
    this.reserved += count;
  }

  /** Throws QueueFullError unless `count` more jobs fit, in time and in number. */
  private async admit(queues: Map<EngineName, Queue>, count: number): Promise<void> {
    const waiting = await this.waitingJobs(queues);
    const retryAfter = retryAfterSeconds(
      {
        waiting: waiting + this.reserved,
        free: 0, // idle workers are not known here
        drainPerSecond: this.drain.perSecond(),
        maxWaitMs: this.config.capture.queueWaitMs,
        queueLimit: this.config.capture.queueLimit,
      },
      count,
    );
    if (retryAfter > 0) throw new QueueFullError(retryAfter);
  }

  /**
   * A job ended somewhere in the cluster: whether it was a busy moment is read from the
   * queue now, not remembered from the last admission (which may be long past).
   */
  private async recordCompletion(): Promise<void> {
    const waiting = await this.waitingJobs(this.connect().queues).catch(() => 0);
    this.drain.record(waiting > 0);
  }

  /** Jobs waiting in every engine's queue: admission is the cluster's, whatever the engine. */
  private async waitingJobs(queues: Map<EngineName, Queue>): Promise<number> {
    const counts = await Promise.all(
      [...queues.values()].map((queue) => queue.getJobCountByTypes('waiting', 'prioritized')),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  release(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
  }

  /**
   * Every API process hears every attempt's end. Not awaiting `ready`: listening needs no
   * connection, and while Redis is down a waiter reads its row when the lease runs out.
   */
  override outcome(attempt: AttemptKey, signal: AbortSignal): Promise<CaptureOutcome | null> {
    this.connect();
    return super.outcome(attempt, signal);
  }

  hears(): boolean {
    return true;
  }

  /**
   * Its job is still to run, or running: a dead worker's job goes back to waiting (stalled)
   * and is run again by another worker, whose lease then continues the same attempt.
   */
  async carries(row: Capture): Promise<boolean> {
    const { queues } = this.connect();
    await this.ready;
    const jobId = jobIdOf({ captureId: row.id, attempt: row.attempt });
    const job = await this.queueFor(queues, row.client).getJob(jobId);
    return job !== undefined && CARRIED.includes(await job.getState());
  }

  /** This process renders nothing: the workers drain their own jobs. */
  async stop(): Promise<void> {}

  /**
   * Jobs waiting and running (readiness): RedisUnavailableError unless both connections are
   * up, the queue's and the one that hears outcomes.
   */
  async counts(): Promise<Record<string, number>> {
    const { queues, events } = this.connect();
    await this.ready;
    for (const heard of events) {
      const { status } = await heard.getBackend().client;
      if (status !== 'ready') throw new RedisUnavailableError(`queue events connection ${status}`);
    }
    const counts: Record<string, number> = {};
    for (const queue of queues.values()) {
      const each = await queue.getJobCounts('waiting', 'active', 'completed', 'failed');
      for (const [state, count] of Object.entries(each))
        counts[state] = (counts[state] ?? 0) + count;
    }
    return counts;
  }

  /** Shutdown never hangs on Redis (closeWithin). */
  async onModuleDestroy(): Promise<void> {
    const clients = [...(this.events ?? []), ...(this.queues?.values() ?? [])];
    await Promise.all(clients.map((client) => closeWithin(client, this.reconnection)));
  }
}

function parseOutcome(value: unknown): CaptureOutcome {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return (parsed ?? {
    status: 'failed',
    failure: 'interrupted',
    error: 'no result',
  }) as CaptureOutcome;
}
