import { Command, Option } from 'nest-commander';
import { CliCommand, JsonOption } from '../cli-command';
import { CliOutput } from '../cli-output';
import { AdminService } from '../../domain/admin/admin.service';
import { cliActor } from '../cli-actor';

interface CreateKeyOptions extends JsonOption {
  name?: string;
  role?: string;
}

@Command({
  name: 'staff:create-key',
  description: 'Create a staff key (billing or admin); printed once',
})
export class StaffCreateKeyCommand extends CliCommand<CreateKeyOptions> {
  constructor(
    private readonly admin: AdminService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: CreateKeyOptions): Promise<void> {
    const created = await this.admin.createStaffKey(cliActor(), {
      name: options.name ?? '',
      role: options.role ?? '',
    });
    if (options.json) return this.output.json(created);
    for (const [key, value] of Object.entries(created))
      this.output.out(`${key.padEnd(6)} ${value}`);
    this.output.err('Store the key now: it is shown only once.');
  }

  @Option({ flags: '--name <name>', description: 'who or what uses the key', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--role <role>', description: 'billing | admin', required: true })
  parseRole(value: string): string {
    return value;
  }
}
