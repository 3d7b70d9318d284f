import { Idempotent } from '../idempotency/idempotent.decorator';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBasicAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../base/errors/api-error';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { AdminService } from '../../domain/admin/admin.service';
import { AuditQueryDto, CreateStaffKeyDto, CreateUserDto } from '../admin/dto/admin.dto';
import { Actor, AuditLog } from '../../domain/audit/audit-log';
import { StaffGuard, StaffRoles } from '../auth/staff.guard';
import { AdminActor } from './admin-actor';
import { CursorQueryDto } from '../paging/cursor-query.dto';
import { ApiPaged, Paged, Pager } from '../paging/pager';

const ID = new ParseUUIDPipe({
  exceptionFactory: () => ApiError.notFound('no such id'),
});

/** Users, staff keys and the audit log, for admin staff keys. */
@ApiTags('admin')
@ApiBasicAuth('staff_key')
@Controller('v1/admin')
@UseGuards(StaffGuard)
@StaffRoles('admin')
export class AdminAccountsController {
  constructor(
    private readonly admin: AdminService,
    private readonly audit: AuditLog,
  ) {}

  @Get('users')
  @ApiOperation({ summary: 'Every user, oldest first' })
  @ApiPaged()
  @ApiErrors(400, 401, 403, 429)
  users(@Query() query: CursorQueryDto, @Paged() pager: Pager) {
    return pager.array(
      'users',
      query,
      () => this.admin.listUsers(),
      (window) => this.admin.pageUsers(window),
    );
  }

  @Post('users')
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({ summary: 'Create a user (the password is stored as an argon2id hash)' })
  @ApiErrors(400, 401, 403, 429)
  createUser(@AdminActor() actor: Actor, @Body() dto: CreateUserDto) {
    return this.admin.createUser(actor, dto);
  }

  @Post('users/:id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disable a user: no sign-in, the tokens they granted refused' })
  @ApiErrors(401, 403, 404, 429)
  disableUser(@AdminActor() actor: Actor, @Param('id', ID) id: string) {
    return this.admin.setUserDisabled(actor, id, true);
  }

  @Post('users/:id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable a disabled user again' })
  @ApiErrors(401, 403, 404, 429)
  enableUser(@AdminActor() actor: Actor, @Param('id', ID) id: string) {
    return this.admin.setUserDisabled(actor, id, false);
  }

  @Get('staff-keys')
  @ApiOperation({ summary: 'Every staff key, without its secret, oldest first' })
  @ApiPaged()
  @ApiErrors(400, 401, 403, 429)
  staffKeys(@Query() query: CursorQueryDto, @Paged() pager: Pager) {
    return pager.array(
      'staff-keys',
      query,
      () => this.admin.listStaffKeys(),
      (window) => this.admin.pageStaffKeys(window),
    );
  }

  @Post('staff-keys')
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({ summary: 'Create a staff key; the key is shown in this answer only' })
  @ApiErrors(400, 401, 403, 429)
  createStaffKey(@AdminActor() actor: Actor, @Body() dto: CreateStaffKeyDto) {
    return this.admin.createStaffKey(actor, dto);
  }

  @Delete('staff-keys/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a staff key: refused from the next request on' })
  @ApiErrors(401, 403, 404, 429)
  async revokeStaffKey(@AdminActor() actor: Actor, @Param('id', ID) id: string) {
    await this.admin.revokeStaffKey(actor, id);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit log: every admin action, newest first, filtered and paged' })
  @ApiPaged()
  @ApiErrors(400, 401, 403, 429)
  async auditLog(@Query() query: AuditQueryDto, @Paged() pager: Pager) {
    const from = query.from ? new Date(query.from) : new Date(0);
    const to = query.to ? new Date(query.to) : new Date('9999-12-31T23:59:59.999Z');
    if (from > to) throw ApiError.badRequest("'from' must not be after 'to'");
    const filter = {
      action: query.action,
      targetType: query.target_type,
      targetId: query.target,
      staffKeyId: query.staff_key,
      from,
      to,
    };
    const byCursor = query.cursor !== undefined || query.limit !== undefined;
    if (byCursor && (query.page !== undefined || query.per_page !== undefined))
      throw ApiError.badRequest("'page' and 'per_page' do not go with 'cursor' and 'limit'");
    const window = pager.window('audit', query);
    if (!window) return this.audit.page(filter, query.page ?? 1, query.per_page ?? 50);
    const page = await this.audit.after(filter, window);
    pager.link('audit', window, page.next);
    return { limit: window.limit, events: page.rows };
  }
}
