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
  @ApiOperation({ summary: 'Every user' })
  @ApiErrors(401, 403, 429)
  users() {
    return this.admin.listUsers();
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
  @ApiOperation({ summary: 'Every staff key, without its secret' })
  @ApiErrors(401, 403, 429)
  staffKeys() {
    return this.admin.listStaffKeys();
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
  @ApiErrors(400, 401, 403, 429)
  auditLog(@Query() query: AuditQueryDto) {
    const from = query.from ? new Date(query.from) : new Date(0);
    const to = query.to ? new Date(query.to) : new Date('9999-12-31T23:59:59.999Z');
    if (from > to) throw ApiError.badRequest("'from' must not be after 'to'");
    return this.audit.page(
      {
        action: query.action,
        targetType: query.target_type,
        targetId: query.target,
        staffKeyId: query.staff_key,
        from,
        to,
      },
      query.page ?? 1,
      query.per_page ?? 50,
    );
  }
}
