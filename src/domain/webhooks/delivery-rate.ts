import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { ThrottleStore } from '../../platform/throttling/throttle-store';

const MINUTE_MS = 60_000;

/**
 * WEBHOOK_DELIVERIES_PER_MINUTE: delivery attempts per application and minute, so that an
 * application's webhooks (twenty, eight attempts per event) cannot make the service a POST
 * reflector toward a host. Counted in the throttle store: in memory embedded, in Redis in
 * scale-out, shared by every API process. An application over its rate is not refused
 * anything: its deliveries wait for the next minute.
 */
@Injectable()
export class DeliveryRate {
  constructor(
    private readonly store: ThrottleStore,
    private readonly config: AppConfig,
  ) {}

  /** Counts an attempt and answers 0; or, over the rate, how long until one may start. */
  async take(applicationId: string): Promise<number> {
    const limit = this.config.webhooks.deliveriesPerMinute;
    if (limit === 0) return 0;
    const key = `webhook-deliveries:${applicationId}`;
    const counted = await this.store.peek(key);
    if (counted.blockedForMs > 0) return counted.blockedForMs;
    if (counted.hits >= limit) return counted.windowLeftMs;
    // Another process may have counted the last one meanwhile: the store then blocks the
    // application until the window ends, and this attempt waits like the rest.
    const state = await this.store.hit(key, MINUTE_MS, limit, counted.windowLeftMs || MINUTE_MS);
    return state.blockedForMs;
  }
}
