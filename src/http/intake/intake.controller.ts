import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../base/security/principal';
import { IntakeService } from '../../domain/intake/intake.service';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { IntakeAddressDoc } from './dto/intake-address.doc';

/** The application's SMTP intake address (docs/api.md#smtp-intake). */
@ApiTags('emails')
@Controller('v1/intake')
export class IntakeController {
  constructor(private readonly intake: IntakeService) {}

  @Get()
  @ApiOperation({
    summary: "The application's SMTP intake address",
    description:
      'Mail sent to it over SMTP, without AUTH, becomes an email of the application as POST /v1/emails with raw_source would; a plus-tag names the end user.',
  })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiOkResponse({ type: IntakeAddressDoc })
  @ApiErrors(401, 429)
  @UseGuards(ApiAuthGuard)
  async address(@CurrentPrincipal() principal: Principal): Promise<IntakeAddressDoc> {
    return { address: await this.intake.addressOf(principal) };
  }

  @Post('rotate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new SMTP intake address',
    description: 'Mail to the previous address is refused from now on (550).',
  })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiOkResponse({ type: IntakeAddressDoc })
  @ApiErrors(401, 429)
  @UseGuards(ApiAuthGuard)
  async rotate(@CurrentPrincipal() principal: Principal): Promise<IntakeAddressDoc> {
    return { address: await this.intake.rotate(principal) };
  }
}
