import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { Idempotent } from '../idempotency/idempotent.decorator';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CreatedWebhookDoc, WebhookDeliveryDoc, WebhookDoc } from './dto/webhook.doc';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import type { Principal } from '../../base/security/principal';
import { CreateWebhookDto } from '../webhooks/dto/create-webhook.dto';
import { WebhooksService } from '../../domain/webhooks/webhooks.service';
import { CursorQueryDto } from '../paging/cursor-query.dto';
import { ApiPaged, Paged, Pager } from '../paging/pager';

/** An application's webhooks (API key or bearer token of that application). */
@ApiTags('webhooks')
@ApiBasicAuth('api_key')
@ApiBearerAuth('oauth')
@Controller('v1/webhooks')
@UseGuards(ApiAuthGuard)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({
    summary: 'Register a webhook',
    description:
      'Events are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); the whsec_ secret is shown in this answer only.',
  })
  @ApiCreatedResponse({ type: CreatedWebhookDoc })
  @ApiErrors(400, 401, 429)
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(principal.applicationId, dto.url, dto.events);
  }

  @Get()
  @ApiOperation({ summary: "The application's webhooks (never their secrets)" })
  @ApiOkResponse({ type: [WebhookDoc], description: 'disabled says when and why, if it is' })
  @ApiPaged()
  @ApiErrors(400, 401, 429)
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: CursorQueryDto,
    @Paged() pager: Pager,
  ) {
    const { applicationId } = principal;
    return pager.array(
      'webhooks',
      query,
      () => this.webhooks.list(applicationId),
      (window) => this.webhooks.page(applicationId, window),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook and its delivery log' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404, 429)
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    await this.webhooks.delete(principal.applicationId, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: "A webhook's delivery log, newest first (the last 100; paged by cursor, all of it)",
  })
  @ApiOkResponse({ type: [WebhookDeliveryDoc] })
  @ApiPaged()
  @ApiErrors(400, 401, 404, 429)
  deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: CursorQueryDto,
    @Paged() pager: Pager,
  ) {
    const { applicationId } = principal;
    // The cursor names the webhook: another webhook's is refused, not read as a position here.
    return pager.array(
      `deliveries:${id}`,
      query,
      () => this.webhooks.deliveriesOf(applicationId, id),
      (window) => this.webhooks.deliveriesPage(applicationId, id, window),
    );
  }
}
