import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { CreatedEmailDoc } from '../emails/dto/created-email.doc';
import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
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
@Controller('v1/emails')
export class EmailsController {
  constructor(
    private readonly emails: EmailsService,
    private readonly prefetch: CapturePrefetch,
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
}
