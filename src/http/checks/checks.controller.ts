import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { inboxLayouts } from '../../rendering';
import type { CheckFinding } from '../../rendering';
import { ChecksService } from '../../domain/checks/checks.service';
import { ChecksDoc } from '../checks/dto/checks.doc';
import { AppConfig } from '../../platform/config/app-config';

@ApiTags('checks')
@Controller('v1/emails/:guid/checks')
export class ChecksController {
  constructor(
    private readonly checks: ChecksService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Pre-send checks of an email',
    description:
      'Accessibility (WCAG 2.2), links, images, preview text, text size and Gmail clipping from the email; text contrast from each captured profile, light and dark. Each finding names its source. `links` names the deliverability answer and an inbox view of each family with a message list. No authentication: the guid is the capability, as for previews.',
  })
  @ApiParam({ name: 'guid', format: 'uuid' })
  @ApiOkResponse({ type: ChecksDoc })
  @ApiErrors(400, 404)
  async list(@Param('guid') guid: string) {
    const checks: CheckFinding[] = await this.checks.checks(guid);
    const email = `${this.config.apiBaseUrl}/emails/${guid.toLowerCase()}`;
    return {
      checks,
      // Before the reader opens it: the spam score and authentication, and each family's inbox row.
      links: {
        deliverability: `${email}/deliverability`,
        inbox: Object.fromEntries(
          inboxLayouts().map((layout) => [layout.example, `${email}/inbox/${layout.example}`]),
        ),
      },
    };
  }
}
