import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../base/errors/api-errors.decorator';
import type { CheckFinding } from '../../domain/checks/check-finding';
import { ChecksService } from '../../domain/checks/checks.service';
import { ChecksDoc } from '../../domain/checks/dto/checks.doc';

@ApiTags('checks')
@Controller('v1/emails/:guid/checks')
export class ChecksController {
  constructor(private readonly checks: ChecksService) {}

  @Get()
  @ApiOperation({
    summary: 'Pre-send checks of an email',
    description:
      'Accessibility (WCAG 2.2), links, images, preview text, text size and Gmail clipping from the email; text contrast from each captured profile, light and dark. Each finding names its source. No authentication: the guid is the capability, as for previews.',
  })
  @ApiParam({ name: 'guid', format: 'uuid' })
  @ApiOkResponse({ type: ChecksDoc })
  @ApiErrors(400, 404)
  async list(@Param('guid') guid: string): Promise<{ checks: CheckFinding[] }> {
    return { checks: await this.checks.checks(guid) };
  }
}
