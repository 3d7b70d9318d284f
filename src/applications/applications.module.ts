import { Module } from '@nestjs/common';
import { ApplicationsService } from './applications.service';
import { StaffKeysService } from './staff-keys.service';
import { UsersService } from './users.service';

@Module({
  providers: [ApplicationsService, UsersService, StaffKeysService],
  exports: [ApplicationsService, UsersService, StaffKeysService],
})
export class ApplicationsModule {}
