import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from './application.entity';
import { ApplicationsService } from './applications.service';
import { AccountRepository } from './repositories/account.repository';
import { ApplicationRepository } from './repositories/application.repository';
import { StaffKeyRepository } from './repositories/staff-key.repository';
import { UserRepository } from './repositories/user.repository';
import { StaffKey } from './staff-key.entity';
import { StaffKeysService } from './staff-keys.service';
import { User } from './user.entity';
import { UsersService } from './users.service';

/** Applications, users, staff keys and their accounts: the tables this module owns. */
@Module({
  imports: [TypeOrmModule.forFeature([Application, User, StaffKey])],
  providers: [
    AccountRepository,
    ApplicationRepository,
    UserRepository,
    StaffKeyRepository,
    ApplicationsService,
    UsersService,
    StaffKeysService,
  ],
  exports: [ApplicationsService, UsersService, StaffKeysService],
})
export class ApplicationsModule {}
