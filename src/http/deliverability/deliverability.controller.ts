import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { DeliverabilityService } from '../../domain/deliverability/deliverability.service';

@ApiTags('checks')
@Controller('v1/emails/:guid/deliverability')
export class DeliverabilityController {
  constructor(private readonly deliverability: DeliverabilityService) {}

  @Get()
  @ApiOperation({
    summary:
      "SpamAssassin's score of an email with every rule it hit, and its DKIM, SPF, DMARC, ARC and BIMI",
    description:
      'The email as a whole MIME message (its raw_source, or a message built from html_text and plain_text, as `message` says) scored by spamd with its network tests off: score, threshold, and each rule with its score and description. No authentication: the guid is the capability, as for previews and checks. Authentication (mailauth, strict): each DKIM signature with its domain, selector, result and reason; SPF when sending_ip and helo were given at upload; DMARC alignment and policy; ARC; the BIMI record and logo URL. DNS through DNS_SERVERS with timeouts and a cache; kept with the email once every lookup answered. 503 with Retry-After while spamd is unavailable.',
  })
  @ApiParam({ name: 'guid', format: 'uuid' })
  @ApiErrors(400, 404, 503)
  get(@Param('guid') guid: string) {
    return this.deliverability.deliverability(guid);
  }
}
