import { Command, Option } from 'nest-commander';
import { CliCommand, JsonOption } from '../cli-command';
import { CliOutput, table } from '../cli-output';
import { AdminService } from '../../domain/admin/admin.service';
import {
  ApplicationsService,
  IssuedCredentials,
} from '../../domain/applications/applications.service';
import { cliActor } from '../cli-actor';

function printCredentials(
  output: CliOutput,
  credentials: Partial<IssuedCredentials>,
  json?: boolean,
) {
  if (json) return output.json(credentials);
  for (const [key, value] of Object.entries(credentials)) {
    output.out(
      `${key.padEnd(14)} ${Array.isArray(value) ? value.join(', ') : (value ?? '(none)')}`,
    );
  }
  output.err('Store the secret values now: they are shown only once.');
}

interface CreateOptions extends JsonOption {
  name?: string;
  callback?: string[];
  public?: boolean;
}

@Command({ name: 'apps:create', description: 'Register an application; prints its secrets once' })
export class AppsCreateCommand extends CliCommand<CreateOptions> {
  constructor(
    private readonly admin: AdminService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: CreateOptions): Promise<void> {
    const credentials = await this.admin.createApplication(cliActor(), {
      name: options.name ?? '',
      callbackUris: options.callback ?? [],
      isPublic: options.public,
    });
    printCredentials(this.output, credentials, options.json);
  }

  @Option({ flags: '--name <name>', description: 'application name', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--callback <url>', description: 'https OAuth callback URI (repeatable)' })
  parseCallback(value: string, previous: string[] = []): string[] {
    return [...previous, value];
  }

  @Option({ flags: '--public', description: 'public client: no secret, PKCE required' })
  parsePublic(): boolean {
    return true;
  }
}

@Command({ name: 'apps:list', description: 'List registered applications (no secrets)' })
export class AppsListCommand extends CliCommand {
  constructor(
    private readonly applications: ApplicationsService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: JsonOption): Promise<void> {
    const rows = (await this.applications.list()).map((app) => ({
      id: app.id,
      name: app.name,
      client_id: app.clientId,
      public: app.isPublic,
      callback_uris: app.callbackUris,
      created_at: app.createdAt.toISOString(),
    }));
    if (options.json) return this.output.json(rows);
    this.output.out(
      table(rows.map((row) => ({ ...row, callback_uris: row.callback_uris.join(' ') }))),
    );
  }
}

@Command({
  name: 'apps:rotate-key',
  arguments: '<client_id>',
  description: 'Issue a new API key; the old one stops working',
})
export class AppsRotateKeyCommand extends CliCommand {
  constructor(
    private readonly admin: AdminService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute([clientId]: string[], options: JsonOption): Promise<void> {
    const { client_secret: _none, ...credentials } = await this.admin.rotateApiKey(
      cliActor(),
      clientId,
    );
    printCredentials(this.output, credentials, options.json);
  }
}

@Command({
  name: 'apps:rotate-secret',
  arguments: '<client_id>',
  description: 'Issue a new client secret; the old one stops working',
})
export class AppsRotateSecretCommand extends CliCommand {
  constructor(
    private readonly admin: AdminService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute([clientId]: string[], options: JsonOption): Promise<void> {
    printCredentials(
      this.output,
      await this.admin.rotateClientSecret(cliActor(), clientId),
      options.json,
    );
  }
}

export const APPS_COMMANDS = [
  AppsCreateCommand,
  AppsListCommand,
  AppsRotateKeyCommand,
  AppsRotateSecretCommand,
];
