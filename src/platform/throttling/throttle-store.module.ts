import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Clock } from '../config/clock';
import { MemoryThrottleStore } from './memory-throttle-store';
import { RedisThrottleStore } from './redis-throttle-store';
import { ThrottleStore } from './throttle-store';

@Injectable()
class CloseThrottleStore implements OnApplicationShutdown {
  constructor(@Inject(ThrottleStore) private readonly store: ThrottleStore) {}
  onApplicationShutdown(): Promise<void> {
    return this.store.close();
  }
}

/** The counters: in Redis in scale-out mode (shared by every API process), else in memory. */
@Module({
  providers: [
    {
      provide: ThrottleStore,
      inject: [AppConfig, Clock],
      useFactory: (config: AppConfig, clock: Clock): ThrottleStore =>
        config.runMode === 'scale-out'
          ? new RedisThrottleStore(config.redis.url, `${config.redis.prefix}:`, clock)
          : new MemoryThrottleStore(clock),
    },
    CloseThrottleStore,
  ],
  exports: [ThrottleStore],
})
export class ThrottleStoreModule {}
