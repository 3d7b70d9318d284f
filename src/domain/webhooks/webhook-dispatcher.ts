import { closeWithin, RedisReconnection } from '../../platform/redis/redis-availability';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { redisConnection } from '../captures/queue/queue-names';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { DeliveryRate } from './delivery-rate';
import { DeliveryRotation, DueDelivery } from './delivery-rotation';
import { WebhookAttempt } from './webhook-attempt';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { DeliveryJob, WEBHOOK_QUEUE } from './webhook-scheduler';
import { WebhookWakeup } from './webhook-wakeup';
import { WebhookRepository } from './webhook.repository';

/** Sends in flight in this process, and of them one application's (the rest stay free for others). */
const AT_ONCE = 64;
const PER_APPLICATION = 8;
/** Sends of one webhook at once, across every process: a receiver is not flooded. */
const PER_WEBHOOK = 2;
/** Due deliveries looked at per pass (each webhook's first PER_WEBHOOK). */
const LOOKED_AT = 2_000;
/** A lease outlasts the send's timeout by this much, for the attempt to be recorded. */
const LEASE_MARGIN_MS = 10_000;
/**
 * The longest sleep between looks at the outbox. Embedded: deliveries written by another
 * process (the CLI's expiry) wake no dispatcher here. Scale-out: BullMQ jobs wake the
 * dispatchers, and this sweep only catches a job Redis lost.
 */
const IDLE_MS = { embedded: 2_000, 'scale-out': 60_000 };
/** After a pass that failed (the database or Redis away), the next one. */
const RETRY_MS = 5_000;
const RUN_OUT = 'interrupted: the sending process stopped before the answer';

/**
 * Sends due deliveries from the outbox, fairly: round robin across applications, then across
 * each application's webhooks (DeliveryRotation), at most PER_WEBHOOK at once per webhook
 * (across processes), PER_APPLICATION of this process's AT_ONCE per application, and
 * WEBHOOK_DELIVERIES_PER_MINUTE per application (DeliveryRate). So one account's slow or
 * hanging receivers hold a few slots, never every one. Sending never holds up a capture:
 * captures only write the outbox. In the API processes: embedded, woken by this process's
 * outbox and its own timer; scale-out, by BullMQ jobs (a delayed job per attempt,
 * WebhookScheduler) in whichever API process is free. A lease on the row makes each attempt
 * one sender's, and counts it: an attempt always ends recorded (WebhookAttempt), and one
 * whose process died is recorded as interrupted when its lease runs out.
 *
 * It sleeps until the earliest moment a delivery may be taken (due, a lease running out,
 * an application's rate allowing again) or one of its sends ends; never less.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly rotation = new DeliveryRotation();
  private readonly sends = new Set<Promise<void>>();
  private readonly sendsOf = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private worker?: Worker<DeliveryJob>;
  private readonly reconnection = new RedisReconnection();

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly webhooks: WebhookRepository,
    private readonly attempts: WebhookAttempt,
    private readonly rate: DeliveryRate,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    wakeup: WebhookWakeup,
  ) {
    wakeup.onWake(() => this.wake());
  }

  onApplicationBootstrap(): void {
    // A job only says that a delivery is due: the pass it wakes takes what is fairly next.
    if (this.config.runMode === 'scale-out')
      this.worker = new Worker<DeliveryJob>(WEBHOOK_QUEUE, async () => this.wake(), {
        connection: redisConnection(this.config, this.reconnection),
        prefix: this.config.redis.prefix,
      });
    this.wake(); // deliveries a restart interrupted are due again
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // By force: a job only wakes a pass, and a graceful close can wait on Redis without end.
    if (this.worker) await closeWithin(this.worker, this.reconnection, { force: true });
    await this.running;
    await Promise.all(this.sends);
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch((error: Error) => {
        this.logger.warn(`webhook deliveries: ${error.message}`);
        return this.clock.now().getTime() + RETRY_MS;
      })
      .then((wakeAt) => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.sleepUntil(wakeAt);
      });
  }

  private sleepUntil(wakeAt: number): void {
    if (this.stopped) return;
    // Past already: a delivery became due while the pass looked.
    this.timer = setTimeout(() => this.wake(), Math.max(0, wakeAt - this.clock.now().getTime()));
    this.timer.unref();
  }

  /** Takes what may be taken now; answers when the next pass is due, unless a send ends first. */
  private async pass(): Promise<number> {
    const now = this.clock.now();
    const attemptsAllowed = this.config.webhooks.retryDelaysMs.length + 1;
    await this.deliveries.endRunOut(now, attemptsAllowed, RUN_OUT);
    const waits = [now.getTime() + IDLE_MS[this.config.runMode]];
    const next = await this.deliveries.nextDue(now);
    if (next) waits.push(next.getTime());
    if (this.sends.size < AT_ONCE) waits.push(...(await this.take(now)));
    return Math.min(...waits);
  }

  /** Starts what may start now; answers when the applications over their rate may go on. */
  private async take(now: Date): Promise<number[]> {
    const free = await this.deliveries.due(now, PER_WEBHOOK, LOOKED_AT);
    if (free.length === 0) return [];
    const [held, applications] = await Promise.all([
      this.deliveries.heldPerWebhook(now),
      this.webhooks.applicationsOf([...new Set(free.map((delivery) => delivery.webhookId))]),
    ]);
    const due = free.map((delivery) => ({
      ...delivery,
      // A webhook deleted meanwhile: its delivery is taken to be recorded as such.
      applicationId: applications.get(delivery.webhookId) ?? '',
    }));
    const lease = {
      now,
      until: new Date(now.getTime() + this.config.webhooks.timeoutMs + LEASE_MARGIN_MS),
      perWebhook: PER_WEBHOOK,
    };
    const overRate = new Map<string, number>();
    for (const delivery of this.rotation.order(due)) {
      if (this.sends.size >= AT_ONCE || this.stopped) break;
      const application = delivery.applicationId;
      if ((this.sendsOf.get(application) ?? 0) >= PER_APPLICATION || overRate.has(application))
        continue;
      if ((held.get(delivery.webhookId) ?? 0) >= PER_WEBHOOK) continue;
      const waitMs = await this.rate.take(application);
      if (waitMs > 0) overRate.set(application, now.getTime() + waitMs);
      else if (await this.deliveries.lease(delivery, lease)) {
        held.set(delivery.webhookId, (held.get(delivery.webhookId) ?? 0) + 1);
        this.rotation.served(delivery);
        this.start(delivery);
      }
    }
    return [...overRate.values()];
  }

  private start(delivery: DueDelivery): void {
    const application = delivery.applicationId;
    this.sendsOf.set(application, (this.sendsOf.get(application) ?? 0) + 1);
    const send: Promise<void> = this.attempts
      .run(delivery)
      // Not even a failure could be recorded: the lease runs out, and the attempt is
      // recorded as interrupted then.
      .catch((error: Error) => this.logger.warn(`delivery ${delivery.id}: ${error.message}`))
      .finally(() => {
        this.sends.delete(send);
        const left = (this.sendsOf.get(application) ?? 1) - 1;
        if (left > 0) this.sendsOf.set(application, left);
        else this.sendsOf.delete(application);
        this.wake();
      });
    this.sends.add(send);
  }
}
