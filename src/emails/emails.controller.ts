import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { CaptureConfigurations } from '../previews/capture-configurations';
import { CaptureCoordinator } from '../previews/capture-coordinator';
import type { CaptureConfiguration } from '../previews/dto/capture-configuration.dto';
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
    private readonly configurations: CaptureConfigurations,
    private readonly coordinator: CaptureCoordinator,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(ApiAuthGuard)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateEmailDto,
  ): Promise<CreatedEmail> {
    const configurations = dto.configurations && this.configurations.resolve(dto.configurations);
    const email = await this.emails.create(principal, dto);
    // Prefetch: the captures start now, in the background (CONTRACT).
    configurations?.forEach(
      (configuration) => void this.coordinator.prefetch(email, configuration),
    );
    return {
      email_guid: email.id,
      ...(email.endUserId !== null && { end_user_id: email.endUserId }),
      ...(configurations && { configurations }),
    };
  }
}
