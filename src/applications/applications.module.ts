import { Module } from '@nestjs/common';
import { ApplicationsService } from './applications.service';
import { UsersService } from './users.service';

@Module({
  providers: [ApplicationsService, UsersService],
  exports: [ApplicationsService, UsersService],
})
export class ApplicationsModule {}
