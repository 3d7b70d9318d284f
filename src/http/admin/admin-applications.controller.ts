import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ErasureService } from '../../domain/erasure/erasure.service';
import { EndUserIdPipe } from '../end-users/end-user-id.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiBasicAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { AdminService } from '../../domain/admin/admin.service';
import { ChangeApplicationDto, CreateApplicationDto } from '../admin/dto/admin.dto';
import type { Actor } from '../../domain/audit/audit-log';
import { StaffGuard, StaffRoles } from '../auth/staff.guard';
import { AdminActor } from './admin-actor';
import { CursorQueryDto } from '../paging/cursor-query.dto';
import { ApiPaged, Paged, Pager } from '../paging/pager';

/** Applications, for admin staff keys: what `npm run cli -- apps:*` does, over HTTP. */
@ApiTags('admin')
@ApiBasicAuth('staff_key')
@Controller('v1/admin/applications')
@UseGuards(StaffGuard)
@StaffRoles('admin')
export class AdminApplicationsController {
  constructor(
    private readonly admin: AdminService,
    private readonly erasure: ErasureService,
  ) {}

  @Delete(':client_id/end-users/:end_user_id')
  @HttpCode(200)
  @ApiOperation({
    summary: "Erase every email of one of the application's end users",
    description: 'As DELETE /v1/end-users/{end_user_id} does for the application itself.',
  })
  @ApiErrors(400, 401, 403, 404, 429)
  async eraseEndUser(
    @AdminActor() actor: Actor,
    @Param('client_id') clientId: string,
    @Param('end_user_id', EndUserIdPipe) endUserId: string,
  ) {
    const application = await this.admin.application(clientId);
    return this.erasure.eraseEndUser(application.id, endUserId, actor);
  }

  @Get()
  @ApiOperation({
    summary: 'Every application, oldest first, with its billable captures and webhooks counted',
  })
  @ApiPaged()
  @ApiErrors(400, 401, 403, 429)
  list(@Query() query: CursorQueryDto, @Paged() pager: Pager) {
    return pager.array(
      'applications',
      query,
      () => this.admin.listApplications(),
      (window) => this.admin.pageApplications(window),
    );
  }

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({
    summary: 'Register an application',
    description:
      'Answers client_id, client_secret (null for a public client) and api_key, as apps:create --json does: shown in this answer only.',
  })
  @ApiErrors(400, 401, 403, 429)
  create(@AdminActor() actor: Actor, @Body() dto: CreateApplicationDto) {
    return this.admin.createApplication(actor, {
      name: dto.name,
      callbackUris: dto.callback_uris,
      isPublic: dto.public,
    });
  }

  @Get(':client_id')
  @ApiOperation({ summary: 'One application' })
  @ApiErrors(401, 403, 404, 429)
  one(@Param('client_id') clientId: string) {
    return this.admin.application(clientId);
  }

  @Patch(':client_id')
  @ApiOperation({ summary: 'Rename, add or remove callback URIs (https, as at creation)' })
  @ApiErrors(400, 401, 403, 404, 429)
  change(
    @AdminActor() actor: Actor,
    @Param('client_id') clientId: string,
    @Body() dto: ChangeApplicationDto,
  ) {
    return this.admin.changeApplication(actor, clientId, {
      name: dto.name,
      addCallbackUris: dto.add_callback_uris,
      removeCallbackUris: dto.remove_callback_uris,
    });
  }

  @Post(':client_id/api-key')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new API key, answered once; the old one is refused at once' })
  @ApiErrors(401, 403, 404, 429)
  async rotateApiKey(@AdminActor() actor: Actor, @Param('client_id') clientId: string) {
    const issued = await this.admin.rotateApiKey(actor, clientId);
    return { client_id: issued.client_id, api_key: issued.api_key };
  }

  @Post(':client_id/client-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new client secret, answered once; the old one is refused at once' })
  @ApiErrors(400, 401, 403, 404, 429)
  async rotateClientSecret(@AdminActor() actor: Actor, @Param('client_id') clientId: string) {
    const issued = await this.admin.rotateClientSecret(actor, clientId);
    return { client_id: issued.client_id, client_secret: issued.client_secret };
  }

  @Post(':client_id/disable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Disable: its API key and bearer tokens are refused at once, its data is kept',
  })
  @ApiErrors(401, 403, 404, 429)
  disable(@AdminActor() actor: Actor, @Param('client_id') clientId: string) {
    return this.admin.setApplicationDisabled(actor, clientId, true);
  }

  @Post(':client_id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable a disabled application again' })
  @ApiErrors(401, 403, 404, 429)
  enable(@AdminActor() actor: Actor, @Param('client_id') clientId: string) {
    return this.admin.setApplicationDisabled(actor, clientId, false);
  }

  @Get(':client_id/webhooks')
  @ApiOperation({ summary: "An application's webhooks, their health and recent deliveries" })
  @ApiErrors(401, 403, 404, 429)
  webhooks(@Param('client_id') clientId: string) {
    return this.admin.webhooksOf(clientId);
  }
}
