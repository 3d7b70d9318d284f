import { ErasedEmailDoc } from './dto/erased.doc';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { CreatedEmailDoc } from '../emails/dto/created-email.doc';
import {
  Body,
  Controller,
  Delete,
  HttpCode,
  Param,
  Post,
  Req,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { RetiredClientCodesInterceptor } from '../client-aliases/retired-client-codes.interceptor';
import type { Request } from 'express';
import { ErasureService } from '../../domain/erasure/erasure.service';
import { clientAddress } from '../../platform/throttling/client-address';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { AccountThrottlerGuard } from '../../platform/throttling/emails-throttler.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../../base/security/principal';
import { CapturePrefetch } from '../../domain/emails/capture-prefetch';
import { CreateEmailDto } from '../emails/dto/create-email.dto';
import { EmailsService } from '../../domain/emails/emails.service';

interface CreatedEmail {
  email_guid: string;
  end_user_id?: string;
  /** As captures filled them in (CapturePrefetch). */
  configurations?: object[];
}

@ApiTags('emails')
@UseInterceptors(RetiredClientCodesInterceptor)
@Controller('v1/emails')
export class EmailsController {
  constructor(
    private readonly emails: EmailsService,
    private readonly prefetch: CapturePrefetch,
    private readonly erasure: ErasureService,
  ) {}

  @Post()
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary: 'Upload an email',
    description:
      'Stores the email for 48 hours and answers its guid; with `configurations`, their captures start in the background.',
  })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiOkResponse({ type: CreatedEmailDoc })
  @ApiErrors(400, 401, 413, 415, 429, 503)
  @UseGuards(ApiAuthGuard, AccountThrottlerGuard)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateEmailDto,
  ): Promise<CreatedEmail> {
    const configurations = dto.configurations && this.prefetch.resolve(dto.configurations);
    // Prefetch: all captures are accepted into the queue, or 503 before anything is stored.
    const places = configurations?.length ?? 0;
    await this.prefetch.reserve(places);
    const email = await this.emails.create(principal, dto).catch((error: unknown) => {
      this.prefetch.release(places);
      throw error;
    });
    if (configurations) this.prefetch.start(email, configurations);
    return {
      email_guid: email.id,
      ...(email.endUserId !== null && { end_user_id: email.endUserId }),
      ...(configurations && { configurations }),
    };
  }

  @Delete(':guid')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Erase an email now',
    description:
      "The owning account's only (any other: 404). The email goes at once with its captures, files, thumbnails, comparisons, inbox views, events and kept authentication; its preview URLs answer 404 from then on. Usage records stay (no content, no address), so billing totals do not change. Written to the audit log.",
  })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiOkResponse({ type: ErasedEmailDoc, description: 'What went with the email' })
  @ApiErrors(401, 404, 429)
  @UseGuards(ApiAuthGuard)
  erase(
    @CurrentPrincipal() principal: Principal,
    @Param('guid') guid: string,
    @Req() request: Request,
  ) {
    return this.erasure.eraseEmail(principal, guid, clientAddress(request));
  }
}
