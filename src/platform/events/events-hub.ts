import { Injectable, Logger, Optional } from '@nestjs/common';
import type { BatchStarted, ServiceEvent } from './service-event';

type Listener<T> = (value: T) => void | Promise<void>;

/** Carries events between processes (scale-out: Redis pub/sub); embedded: none. */
export abstract class EventsRelay {
  abstract send(event: ServiceEvent): void;
  abstract onReceive(deliver: (event: ServiceEvent) => void): void;
}

/**
 * Where the service's events meet their consumers. `subscribe`: this process's own events
 * (the webhook outbox and prefetch batches: each event written once, where it happened).
 * `watch`: every process's events (an email's event stream on the API process whose client
 * asked, for a capture a worker made). Captures, expiry and prefetch publish. A listener's
 * failure is logged and never reaches the publisher: an event never blocks or fails a capture.
 */
@Injectable()
export class EventsHub {
  private readonly logger = new Logger(EventsHub.name);
  private readonly listeners = new Set<Listener<ServiceEvent>>();
  private readonly watchers = new Set<Listener<ServiceEvent>>();
  private readonly batchListeners = new Set<Listener<BatchStarted>>();

  constructor(@Optional() private readonly relay?: EventsRelay) {
    relay?.onReceive((event) => this.deliver(this.watchers, event));
  }

  publish(event: ServiceEvent): void {
    this.deliver(this.listeners, event);
    if (this.relay) this.relay.send(event);
    else this.deliver(this.watchers, event);
  }

  /** This process's own events. Returns the unsubscribe. */
  subscribe(listener: Listener<ServiceEvent>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every process's events. Returns the unsubscribe. */
  watch(listener: Listener<ServiceEvent>): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private deliver(listeners: Set<Listener<ServiceEvent>>, event: ServiceEvent): void {
    for (const listener of listeners) this.call(listener, event);
  }

  batchStarted(batch: BatchStarted): void {
    for (const listener of this.batchListeners) this.call(listener, batch);
  }

  onBatchStarted(listener: Listener<BatchStarted>): void {
    this.batchListeners.add(listener);
  }

  private call<T>(listener: Listener<T>, value: T): void {
    void Promise.resolve()
      .then(() => listener(value))
      .catch((error: Error) => this.logger.error(`an event listener failed: ${error.message}`));
  }
}
