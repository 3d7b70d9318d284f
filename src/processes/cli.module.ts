import { Module } from '@nestjs/common';
import { modulesOf } from './process-modules';
import { APPS_COMMANDS } from '../commands/applications/apps.commands';
import { StaffCreateKeyCommand } from '../commands/applications/staff.commands';
import { USERS_COMMANDS } from '../commands/applications/users.commands';
import { BillingReportCommand } from '../commands/billing.commands';
import { ExpiryRunCommand } from '../commands/expiry.commands';
import { StorageMoveCommand } from '../commands/storage-move.command';
import { CliOutput } from '../commands/cli-output';
import { WEBHOOKS_COMMANDS } from '../commands/webhooks.commands';

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
