import { Body, Controller, Delete, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Principal } from '../../base/security/principal';
import { SharesService } from '../../domain/shares/shares.service';
import { AppConfig } from '../../platform/config/app-config';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { CreateShareDto } from './dto/create-share.dto';
import { CreatedShareDoc } from './dto/share.doc';

/** Share pages of an email (docs/api.md#share-pages): its own account's only. */
@ApiTags('shares')
@ApiBasicAuth('api_key')
@ApiBearerAuth('oauth')
@ApiParam({ name: 'guid', description: 'The email_guid POST /v1/emails answered', format: 'uuid' })
@Controller('v1/emails/:guid/shares')
@UseGuards(ApiAuthGuard)
export class SharesController {
  constructor(
    private readonly shares: SharesService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({
    summary: 'Share the email’s previews on a page that needs no API key',
    description:
      "The owning account's only (any other: 404). Answers a capability URL, `/s/<token>`, shown once (the token is stored hashed): a page of the previews captured so far, the inbox views drawn, the checks and the authentication, that captures and bills nothing. It ends with the email, or after `expires_in_hours` when that comes first; DELETE revokes it.",
  })
  @ApiCreatedResponse({ type: CreatedShareDoc })
  @ApiErrors(400, 401, 404, 429)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('guid') guid: string,
    @Body() dto: CreateShareDto,
  ) {
    const share = await this.shares.create(principal, guid, dto.expires_in_hours);
    return {
      id: share.id,
      url: `${this.config.publicUrl}/s/${share.token}`,
      expires_at: share.expiresAt.toISOString(),
    };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Revoke a share page',
    description:
      'Its URL answers 404 from then on, as an unknown one does. Revoking it again answers 204.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiErrors(400, 401, 404, 429)
  async revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('guid') guid: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.shares.revoke(principal, guid, id);
  }
}
