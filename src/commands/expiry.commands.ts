import { Command, Option } from 'nest-commander';
import { CliCommand, JsonOption } from './cli-command';
import { CliOutput } from './cli-output';
import { ExpiryService } from '../domain/expiry/expiry.service';
import { ApiError } from '../base/errors/api-error';

interface RunOptions extends JsonOption {
  now?: string;
}

@Command({
  name: 'expiry:run',
  description: 'Expire emails (48 h) and purge captures (180 days) once',
})
export class ExpiryRunCommand extends CliCommand<RunOptions> {
  constructor(
    private readonly expiry: ExpiryService,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: RunOptions): Promise<void> {
    let now: Date | undefined;
    if (options.now !== undefined) {
      now = new Date(options.now);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(options.now) || Number.isNaN(now.getTime())) {
        throw ApiError.badRequest('--now must be an ISO 8601 instant, e.g. 2026-11-22T10:00:00Z');
      }
    }
    const counts = await this.expiry.run(now);
    if (options.json) return this.output.json(counts);
    this.output.out(
      `emails expired: ${counts.emails_expired}\ncaptures purged: ${counts.captures_purged}\nidempotency keys purged: ${counts.idempotency_keys_purged}`,
    );
  }

  @Option({ flags: '--now <instant>', description: 'judge ages as of this ISO 8601 instant' })
  parseNow(value: string): string {
    return value;
  }
}
