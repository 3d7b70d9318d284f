import { ErasedEndUserDoc } from '../emails/dto/erased.doc';
import { Controller, Delete, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Principal } from '../../base/security/principal';
import { applicationActor, ErasureService } from '../../domain/erasure/erasure.service';
import { clientAddress } from '../../platform/throttling/client-address';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { EndUserIdPipe } from './end-user-id.pipe';

/** An application's end users, as its emails name them (`end_user_id`). */
@ApiTags('emails')
@Controller('v1/end-users')
export class EndUsersController {
  constructor(private readonly erasure: ErasureService) {}

  @Delete(':end_user_id')
  @HttpCode(200)
  @ApiOperation({
    summary: "Erase every email of one of the application's end users",
    description:
      'Each email goes at once with its captures, files, thumbnails, comparisons, inbox views, events and kept authentication; usage records stay (no content, no address), so billing totals do not change. Written to the audit log.',
  })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiOkResponse({ type: ErasedEndUserDoc, description: 'What went with the end user' })
  @ApiErrors(400, 401, 429)
  @UseGuards(ApiAuthGuard)
  erase(
    @CurrentPrincipal() principal: Principal,
    @Param('end_user_id', EndUserIdPipe) endUserId: string,
    @Req() request: Request,
  ) {
    return this.erasure.eraseEndUser(
      principal.applicationId,
      endUserId,
      applicationActor(principal, clientAddress(request)),
    );
  }
}
