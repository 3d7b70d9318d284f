import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventsHub, EventsRelay } from './events-hub';
import { RedisEventsRelay } from './redis-events-relay';

/**
 * The service's events (global: captures, expiry, webhooks and streams meet here); in
 * scale-out, relayed between processes through Redis.
 */
@Global()
@Module({
  providers: [
    {
      provide: EventsRelay,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.runMode === 'scale-out'
          ? new RedisEventsRelay(config.redis.url, config.redis.prefix)
          : null,
    },
    EventsHub,
  ],
  exports: [EventsHub],
})
export class EventsModule {}
