import { Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { FAIL_FAST_REDIS_OPTIONS } from '../redis/redis-availability';
import { EventsRelay } from './events-hub';
import type { ServiceEvent } from './service-event';

/**
 * Scale-out: every process's events reach every process's watchers through one Redis
 * pub/sub channel. Best effort, as a live stream is: a page that missed an event reads the
 * capture itself; webhooks do not depend on it (their outbox is in the database).
 */
export class RedisEventsRelay extends EventsRelay implements OnModuleDestroy {
  private readonly logger = new Logger(RedisEventsRelay.name);
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;

  constructor(url: string, prefix: string) {
    super();
    this.channel = `${prefix}:events`;
    this.publisher = new Redis(url, FAIL_FAST_REDIS_OPTIONS);
    this.subscriber = new Redis(url, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true });
    for (const client of [this.publisher, this.subscriber])
      client.on('error', (error: Error) => this.logger.warn(`event relay: ${error.message}`));
  }

  send(event: ServiceEvent): void {
    this.publisher
      .publish(this.channel, JSON.stringify(event))
      .catch((error: Error) => this.logger.warn(`event not relayed: ${error.message}`));
  }

  onReceive(deliver: (event: ServiceEvent) => void): void {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) deliver(JSON.parse(message) as ServiceEvent);
    });
    void this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`event relay: ${error.message}`));
  }

  onModuleDestroy(): void {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
