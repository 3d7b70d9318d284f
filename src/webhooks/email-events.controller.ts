import { Controller, MessageEvent, Param, Sse } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Observable } from 'rxjs';
import { ApiError } from '../common/api-error';
import { ApiErrors } from '../common/api-errors.decorator';
import { EmailsService } from '../emails/emails.service';
import { EventsHub } from '../events/events-hub';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Server-sent events of one email: the capture events its webhooks get, as they happen. The
 * GUID is the capability, as for the preview URLs.
 */
@ApiTags('previews')
@Controller('v1/emails')
export class EmailEventsController {
  constructor(
    private readonly events: EventsHub,
    private readonly emails: EmailsService,
  ) {}

  @Sse(':guid/events')
  @ApiOperation({
    summary: "Stream an email's events (server-sent events)",
    description:
      'capture.completed, capture.failed, prefetch.completed and email.expired of this email, each as an SSE event named by its type whose data is {type, timestamp, data}.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'An event stream' })
  @ApiErrors(400, 404)
  async stream(@Param('guid') guid: string): Promise<Observable<MessageEvent>> {
    if (!GUID.test(guid))
      throw ApiError.badRequest("'email_guid' must match format of a standard GUID");
    const email = await this.emails.findById(guid.toLowerCase());
    if (!email || email.expiredAt) throw ApiError.notFound();
    return new Observable<MessageEvent>((subscriber) =>
      this.events.watch((event) => {
        if (event.emailGuid !== email.id) return;
        subscriber.next({
          type: event.type,
          data: { type: event.type, timestamp: event.timestamp, data: event.data },
        });
        if (event.type === 'email.expired') subscriber.complete();
      }),
    );
  }
}
