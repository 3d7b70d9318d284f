import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import { RetiredClientCodesInterceptor } from '../client-aliases/retired-client-codes.interceptor';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { InboxQueryDto } from './inbox-query.dto';
import { InboxView, InboxViewsService } from '../../domain/inbox/inbox-views.service';

/** An email's row in a client's message list (docs/api.md#inbox-views). No authentication. */
@ApiTags('checks')
@ApiParam({ name: 'guid', description: 'The email_guid POST /v1/emails answered', format: 'uuid' })
@ApiParam({ name: 'client', description: 'A client code with a message list', example: 'GMAILNEW' })
@UseInterceptors(RetiredClientCodesInterceptor)
@Controller('v1/emails/:guid/inbox/:client')
export class InboxController {
  constructor(private readonly inbox: InboxViewsService) {}

  @Get()
  @ApiOperation({
    summary: "The email as the newest unread row of a client's message list",
    description:
      "Drawn once per client and appearance while the connection is held, then 200 with the image's capture-host URL, the row's texts (sender, subject, the preview the client extracts and where it came from, date) and every rule of the layout with its source, assumed ones said so. For Gmail (web and apps), Apple Mail, iOS Mail, Outlook for Windows, Outlook.com and new Outlook, Yahoo and AOL, Samsung Email; another client is a 400. Not billed. 503 with Retry-After while too many are being drawn.",
  })
  @ApiResponse({ status: 200, description: 'The view' })
  @ApiErrors(400, 404, 500, 503)
  view(
    @Param('guid') guid: string,
    @Param('client') client: string,
    @Query() query: InboxQueryDto,
  ): Promise<InboxView> {
    return this.inbox.view(guid, client, query.appearance);
  }

  @Get('image')
  @ApiOperation({
    summary: 'The inbox view image',
    description: "As the JSON endpoint, then 301 to the image's capture-host URL (for <img src>).",
  })
  @ApiResponse({ status: 301, description: "Location: the image's capture-host URL" })
  @ApiErrors(400, 404, 500, 503)
  async image(
    @Param('guid') guid: string,
    @Param('client') client: string,
    @Query() query: InboxQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.inbox.view(guid, client, query.appearance);
    response.status(301).location(view.image_url).end();
  }
}
