/** The events integrators receive (webhooks) and pages follow (server-sent events). */
export const EVENT_TYPES = [
  'capture.completed',
  'capture.failed',
  'prefetch.completed',
  'email.expired',
  'email.received',
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

/** The body of a webhook delivery. */
export function eventBody(event: ServiceEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
}

/**
 * The data of a server-sent event: a webhook's, without `end_user_id`. A stream needs no
 * key, only the email's GUID, so whom the integrator sent the email to stays between the
 * service and the application (its webhooks are its own, and signed).
 */
export function streamData(event: ServiceEvent) {
  const { end_user_id: _endUser, ...data } = event.data;
  return { type: event.type, timestamp: event.timestamp, data };
}

/** A prefetch batch started: the configurations of one POST or prefetch call (internal). */
export interface BatchStarted {
  emailGuid: string;
  applicationId: string;
  endUserId: string | null;
  configurations: { client: string; images: string; orientation: string }[];
}
