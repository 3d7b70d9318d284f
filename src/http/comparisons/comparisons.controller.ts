import { Body, Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { RetiredClientCodesInterceptor } from '../client-aliases/retired-client-codes.interceptor';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import type { Principal } from '../../base/security/principal';
import { ComparisonsService, ComparisonResult } from '../../domain/comparisons/comparisons.service';
import { ComparisonDoc } from '../comparisons/dto/comparison.doc';
import { CreateComparisonDto } from '../comparisons/dto/create-comparison.dto';

@ApiTags('comparisons')
@UseInterceptors(RetiredClientCodesInterceptor)
@Controller('v1/comparisons')
export class ComparisonsController {
  constructor(private readonly comparisons: ComparisonsService) {}

  @Post()
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary: 'Compare two versions of an email, client by client',
    description:
      "Captures what is missing (billed as previews are), then diffs each client's two full images. `diff_url` is a PNG on the capture host: unchanged pixels faded, changes in red, anti-aliasing in yellow; kept and purged with the head email's capture.",
  })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiOkResponse({ type: ComparisonDoc })
  @ApiErrors(400, 401, 404, 500, 503, 504)
  @UseGuards(ApiAuthGuard)
  async compare(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateComparisonDto,
  ): Promise<{ results: ComparisonResult[] }> {
    return { results: await this.comparisons.compare(principal, dto) };
  }
}
