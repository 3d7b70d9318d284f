import { AdminService } from '../../domain/admin/admin.service';
import { cliActor } from '../cli-actor';
import { Command, Option } from 'nest-commander';
import { CliCommand, JsonOption } from '../cli-command';
import { CliOutput, table } from '../cli-output';
import { UsersService } from '../../domain/applications/users.service';
import { ApiError } from '../../base/errors/api-error';

interface CreateOptions extends JsonOption {
  email?: string;
  name?: string;
  passwordStdin?: boolean;
}

/** Reads the whole of standard input (the password; a trailing newline is dropped). */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

@Command({
  name: 'users:create',
  description: 'Create a user (owner of an account); password on stdin',
})
export class UsersCreateCommand extends CliCommand<CreateOptions> {
  /** Tests replace this with the password they pipe in. */
  passwordSource: () => Promise<string> = () => readStdin();

  constructor(
    private readonly admin: AdminService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: CreateOptions): Promise<void> {
    if (!options.passwordStdin)
      throw ApiError.badRequest(
        '--password-stdin is required (never pass a password as an argument)',
      );
    const user = await this.admin.createUser(cliActor(), {
      email: options.email ?? '',
      name: options.name ?? '',
      password: await this.passwordSource(),
    });
    const shown = { id: user.id, email: user.email, name: user.name, account_id: user.account_id };
    if (options.json) return this.output.json(shown);
    for (const [key, value] of Object.entries(shown)) this.output.out(`${key.padEnd(10)} ${value}`);
  }

  @Option({ flags: '--email <email>', description: 'login email', required: true })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'display name', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--password-stdin', description: 'read the password from standard input' })
  parsePasswordStdin(): boolean {
    return true;
  }
}

@Command({ name: 'users:list', description: 'List users' })
export class UsersListCommand extends CliCommand {
  constructor(
    private readonly users: UsersService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: JsonOption): Promise<void> {
    const rows = (await this.users.list()).map((user) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      account_id: user.accountId,
      created_at: user.createdAt.toISOString(),
    }));
    if (options.json) return this.output.json(rows);
    this.output.out(table(rows));
  }
}

export const USERS_COMMANDS = [UsersCreateCommand, UsersListCommand];
