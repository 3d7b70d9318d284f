import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../common/principal';
import type { CaptureConfiguration } from './dto/capture-configuration.dto';
import { CapturePrefetch } from './capture-prefetch';
import { CreateEmailDto } from './dto/create-email.dto';
import { EmailsService } from './emails.service';

interface CreatedEmail {
  email_guid: string;
  end_user_id?: string;
  configurations?: CaptureConfiguration[];
}

@Controller('v1/emails')
export class EmailsController {
  constructor(
    private readonly emails: EmailsService,
    private readonly prefetch: CapturePrefetch,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(ApiAuthGuard)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateEmailDto,
  ): Promise<CreatedEmail> {
    const configurations = dto.configurations && this.prefetch.resolve(dto.configurations);
    const email = await this.emails.create(principal, dto);
    // Prefetch: the captures start now, in the background (CONTRACT).
    if (configurations) this.prefetch.start(email, configurations);
    return {
      email_guid: email.id,
      ...(email.endUserId !== null && { end_user_id: email.endUserId }),
      ...(configurations && { configurations }),
    };
  }
}
