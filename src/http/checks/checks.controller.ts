import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../base/errors/api-error';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { inboxLayouts } from '../../rendering';
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
  @ApiQuery({
    name: 'clients',
    required: false,
    description:
      "Comma-separated client codes the support analysis is for (at most 200); default: each family's usual client, as `links.inbox` names them",
    example: 'OL2019,GMAILNEW,APPMAIL16',
  })
  @ApiOkResponse({ type: ChecksDoc })
  @ApiErrors(400, 404)
  async list(@Param('guid') guid: string, @Query('clients') clients?: unknown) {
    const { findings, support } = await this.checks.checks(guid, clientList(clients));
    const email = `${this.config.apiBaseUrl}/emails/${guid.toLowerCase()}`;
    return {
      checks: findings,
      support,
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

/** `clients=A,B`: once, 1 to 200 codes (what they name is the service's to check). */
function clientList(query: unknown): string[] | undefined {
  if (query === undefined) return undefined;
  const codes = typeof query === 'string' ? query.split(',').map((code) => code.trim()) : [];
  if (codes.length === 0 || codes.length > 200 || codes.some((code) => code === ''))
    throw ApiError.badRequest("'clients' must be 1 to 200 comma-separated client codes");
  return codes;
}
