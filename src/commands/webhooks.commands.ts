import { Command, Option } from 'nest-commander';
import { ApplicationsService } from '../domain/applications/applications.service';
import { CliCommand, JsonOption } from './cli-command';
import { CliOutput, table } from './cli-output';
import { ApiError } from '../base/errors/api-error';
import { WebhooksService } from '../domain/webhooks/webhooks.service';

interface ApplicationOption extends JsonOption {
  application?: string;
}

interface CreateOptions extends ApplicationOption {
  url?: string;
  event?: string[];
}

/** The application a command names by its client_id (exit 3 when there is none). */
abstract class WebhookCommand<O extends ApplicationOption> extends CliCommand<O> {
  constructor(
    protected readonly webhooks: WebhooksService,
    private readonly applications: ApplicationsService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async applicationId(options: O): Promise<string> {
    if (!options.application) throw ApiError.badRequest('--application <client_id> is required');
    const application = await this.applications.findByClientId(options.application);
    if (!application)
      throw ApiError.notFound(`no application with client_id ${options.application}`);
    return application.id;
  }

  @Option({ flags: '--application <client_id>', description: 'the application (its client_id)' })
  parseApplication(value: string): string {
    return value;
  }
}

@Command({
  name: 'webhooks:create',
  description: 'Register a webhook for an application; prints its whsec_ secret once',
})
export class WebhooksCreateCommand extends WebhookCommand<CreateOptions> {
  protected async execute(_params: string[], options: CreateOptions): Promise<void> {
    if (!options.url) throw ApiError.badRequest('--url <https url> is required');
    const created = await this.webhooks.create(
      await this.applicationId(options),
      options.url,
      options.event,
    );
    if (options.json) return this.output.json(created);
    this.output.out(
      `id: ${created.id}\nurl: ${created.url}\nevents: ${created.events.join(', ')}\nsecret: ${created.secret} (shown once)`,
    );
  }

  @Option({ flags: '--url <url>', description: 'https URL on a public host' })
  parseUrl(value: string): string {
    return value;
  }

  @Option({
    flags: '--event <type>',
    description: 'an event type to receive (repeatable; default all)',
  })
  parseEvent(value: string, previous: string[] = []): string[] {
    return [...previous, value];
  }
}

@Command({ name: 'webhooks:list', description: "An application's webhooks (never secrets)" })
export class WebhooksListCommand extends WebhookCommand<ApplicationOption> {
  protected async execute(_params: string[], options: ApplicationOption): Promise<void> {
    const listed = await this.webhooks.list(await this.applicationId(options));
    if (options.json) return this.output.json(listed);
    this.output.out(
      table(
        listed.map((webhook) => ({
          id: webhook.id,
          url: webhook.url,
          events: webhook.events.join(','),
          disabled: webhook.disabled?.reason ?? '',
        })),
      ),
    );
  }
}

@Command({
  name: 'webhooks:delete',
  arguments: '<id>',
  description: 'Delete a webhook and its delivery log',
})
export class WebhooksDeleteCommand extends WebhookCommand<ApplicationOption> {
  protected async execute([id]: string[], options: ApplicationOption): Promise<void> {
    await this.webhooks.delete(await this.applicationId(options), id);
    if (options.json) return this.output.json({ deleted: id });
    this.output.out(`deleted ${id}`);
  }
}

@Command({
  name: 'webhooks:reseal',
  description:
    'Seal every webhook secret under WEBHOOK_SECRET_KEY (after a rotation, before the previous key goes)',
})
export class WebhooksResealCommand extends CliCommand {
  constructor(
    private readonly webhooks: WebhooksService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: JsonOption): Promise<void> {
    const { resealed, unopened } = await this.webhooks.reseal();
    if (unopened.length > 0) this.output.exitCode = 1;
    if (options.json) return this.output.json({ resealed, unopened });
    this.output.out(`resealed ${resealed}`);
    for (const id of unopened) this.output.err(`webhook ${id}: no key opens its secret`);
  }
}

export const WEBHOOKS_COMMANDS = [
  WebhooksCreateCommand,
  WebhooksListCommand,
  WebhooksDeleteCommand,
  WebhooksResealCommand,
];
