import { Module } from '@nestjs/common';
import { modulesOf } from './process-modules';
import { APPS_COMMANDS } from './applications/cli/apps.commands';
import { StaffCreateKeyCommand } from './applications/cli/staff.commands';
import { USERS_COMMANDS } from './applications/cli/users.commands';
import { BillingReportCommand } from './billing/billing.commands';
import { ExpiryRunCommand } from './expiry/expiry.commands';
import { StorageMoveCommand } from './storage/move/storage-move.command';
import { CliOutput } from './cli/cli-output';
import { WEBHOOKS_COMMANDS } from './webhooks/webhooks.commands';

/** The admin CLI's context: its modules (process-modules.ts) and commands, no HTTP server. */
@Module({
  imports: modulesOf('cli'),
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
