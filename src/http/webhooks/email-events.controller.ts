import { Controller, MessageEvent, Param, Req, Sse, SseSignal } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { ApiError } from '../../base/errors/api-error';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { AppConfig } from '../../platform/config/app-config';
import { EmailsService } from '../../domain/emails/emails.service';
import { EventsHub } from '../../platform/events/events-hub';
import { streamData } from '../../platform/events/service-event';
import { clientAddress } from '../../platform/throttling/client-address';
import { EventStreamAdmission } from '../../domain/webhooks/event-stream-admission';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Server-sent events of one email: the capture events its webhooks get, as they happen,
 * without the end user's id. The GUID is the capability, as for the preview URLs. Streams
 * are capped (EventStreamAdmission), a comment line goes out every heartbeat, and a stream
 * with no event for the idle timeout is ended.
 */
@ApiTags('previews')
@Controller('v1/emails')
export class EmailEventsController {
  constructor(
    private readonly events: EventsHub,
    private readonly emails: EmailsService,
    private readonly admission: EventStreamAdmission,
    private readonly config: AppConfig,
  ) {}

  @Sse(':guid/events')
  @ApiOperation({
    summary: "Stream an email's events (server-sent events)",
    description:
      'capture.completed, capture.failed, prefetch.completed and email.expired of this email, each as an SSE event named by its type whose data is {type, timestamp, data} (data without end_user_id). A comment line every EVENT_STREAM_HEARTBEAT; the stream ends after EVENT_STREAM_IDLE_TIMEOUT without an event. 429 past EVENT_STREAMS_PER_ADDRESS, 503 past EVENT_STREAMS_PER_EMAIL or EVENT_STREAMS_MAX, with Retry-After.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'An event stream' })
  @ApiErrors(400, 404, 429, 503)
  async stream(
    @Param('guid') guid: string,
    @Req() request: Request,
    @SseSignal() closed: AbortSignal,
  ): Promise<Observable<MessageEvent>> {
    if (!GUID.test(guid))
      throw ApiError.badRequest("'email_guid' must match format of a standard GUID");
    const email = await this.emails.findById(guid.toLowerCase());
    if (!email || email.expiredAt) throw ApiError.notFound();
    // Given back however the stream ends, even when its client left before it started.
    const release = this.admission.admit(clientAddress(request), email.id);
    closed.addEventListener('abort', release, { once: true });
    if (closed.aborted) release();
    const { heartbeatMs, idleTimeoutMs } = this.config.eventStreams;
    return new Observable<MessageEvent>((subscriber) => {
      const idle = setTimeout(() => subscriber.complete(), idleTimeoutMs);
      const heartbeat = setInterval(() => subscriber.next({ comment: 'heartbeat' }), heartbeatMs);
      const unwatch = this.events.watch((event) => {
        if (event.emailGuid !== email.id) return;
        idle.refresh();
        subscriber.next({ type: event.type, data: streamData(event) });
        if (event.type === 'email.expired') subscriber.complete();
      });
      return () => {
        unwatch();
        clearInterval(heartbeat);
        clearTimeout(idle);
        release();
      };
    });
  }
}
