import { Module } from '@nestjs/common';
import { ApplicationsModule } from './applications/applications.module';
import { APPS_COMMANDS } from './applications/cli/apps.commands';
import { StaffCreateKeyCommand } from './applications/cli/staff.commands';
import { USERS_COMMANDS } from './applications/cli/users.commands';
import { BillingReportCommand } from './billing/billing.commands';
import { UsageModule } from './billing/usage.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ExpiryRunCommand } from './expiry/expiry.commands';
import { ExpiryModule } from './expiry/expiry.module';
import { StorageMoveCommand } from './storage/move/storage-move.command';
import { StorageMoveModule } from './storage/move/storage-move.module';
import { StorageModule } from './storage/storage.module';
import { CliOutput } from './cli/cli-output';
import { EventsModule } from './events/events.module';
import { WEBHOOKS_COMMANDS } from './webhooks/webhooks.commands';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The admin CLI's context: the same modules as the API, no HTTP server. */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    StorageModule,
    ApplicationsModule,
    UsageModule,
    ExpiryModule,
    StorageMoveModule,
    EventsModule,
    WebhooksModule,
  ],
  providers: [
    CliOutput,
    ...APPS_COMMANDS,
    ...USERS_COMMANDS,
    StaffCreateKeyCommand,
    BillingReportCommand,
    ExpiryRunCommand,
    StorageMoveCommand,
    ...WEBHOOKS_COMMANDS,
  ],
})
export class CliModule {}
