/** The events integrators receive (webhooks) and pages follow (server-sent events). */
export const EVENT_TYPES = [
  'capture.completed',
  'capture.failed',
  'prefetch.completed',
  'email.expired',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One event as sent: Standard Webhooks' `{type, timestamp, data}`, with whose it is. */
export interface ServiceEvent {
  type: EventType;
  /** ISO 8601, on the service clock. */
  timestamp: string;
  data: Record<string, unknown>;
  /** Routing, not sent: the application whose webhooks get it, the email whose stream does. */
  applicationId: string;
  emailGuid: string;
}

/** The body of a webhook delivery and of a server-sent event. */
export function eventBody(event: ServiceEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

/** A prefetch batch started: the configurations of one POST or prefetch call (internal). */
export interface BatchStarted {
  emailGuid: string;
  applicationId: string;
  endUserId: string | null;
  configurations: { client: string; images: string; orientation: string }[];
}
