import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module';
import { APPS_COMMANDS } from '../applications/cli/apps.commands';
import { USERS_COMMANDS } from '../applications/cli/users.commands';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { CliOutput } from './cli-output';

/** The admin CLI's context: the same modules as the API, no HTTP server. */
@Module({
  imports: [ConfigModule, DatabaseModule, ApplicationsModule],
  providers: [CliOutput, ...APPS_COMMANDS, ...USERS_COMMANDS],
})
export class CliModule {}
