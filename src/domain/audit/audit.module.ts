import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEvent } from './audit-event.entity';
import { AuditEventRepository } from './audit-event.repository';
import { AuditLog } from './audit-log';

/** The admin audit log: the table it owns. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEvent])],
  providers: [AuditEventRepository, AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
