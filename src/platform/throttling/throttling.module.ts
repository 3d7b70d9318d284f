import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AuthFailures } from './auth-failures';
import { AccountThrottlerGuard, EMAILS_THROTTLER } from './emails-throttler.guard';
import { ThrottleStore } from './throttle-store';
import { ThrottleStoreModule } from './throttle-store.module';

/**
 * Rate limits of the API: @nestjs/throttler (global once imported) with its guard for
 * per-account limits, and failure counting for credentials, all on one ThrottleStore.
 */
@Module({
  imports: [
    ThrottleStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [ThrottleStoreModule],
      inject: [AppConfig, ThrottleStore],
      useFactory: (config: AppConfig, storage: ThrottleStore) => ({
        throttlers: [
          {
            name: EMAILS_THROTTLER,
            ttl: 60_000,
            limit: Math.max(1, config.throttling.emailsPerMinute),
            skipIf: () => config.throttling.emailsPerMinute === 0,
            // AccountThrottlerGuard writes the IETF RateLimit fields instead.
            setHeaders: false,
          },
        ],
        storage,
      }),
    }),
  ],
  providers: [AuthFailures, AccountThrottlerGuard],
  exports: [ThrottleStoreModule, AuthFailures, AccountThrottlerGuard],
})
export class ThrottlingModule {}
