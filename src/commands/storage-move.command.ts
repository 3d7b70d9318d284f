import { SingleBar } from 'cli-progress';
import { Command, Option } from 'nest-commander';
import { CliCommand, JsonOption } from './cli-command';
import { CliOutput } from './cli-output';
import { ApiError } from '../base/errors/api-error';
import { LOCAL_LOCATION } from '../platform/storage/file-store';
import { Storage } from '../platform/storage/storage';
import { StorageMover } from '../platform/storage/move/storage-mover';

interface MoveCommandOptions extends JsonOption {
  to?: string;
  dryRun?: boolean;
}

@Command({
  name: 'storage:move',
  description:
    'Move every stored file held elsewhere into local storage or the configured S3 bucket and prefix, while the service runs; run again to finish an interrupted move',
})
export class StorageMoveCommand extends CliCommand<MoveCommandOptions> {
  constructor(
    private readonly mover: StorageMover,
    private readonly storage: Storage,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: MoveCommandOptions): Promise<void> {
    const to = this.locationOf(options.to);
    // Ctrl-C: no new file is taken, the ones under way finish, and the counts are printed.
    const stop = new AbortController();
    const interrupt = () => stop.abort();
    process.once('SIGINT', interrupt);
    const bar =
      !options.json && process.stderr.isTTY ? new SingleBar({ stream: process.stderr }) : null;
    try {
      const counts = await this.mover.move(to, {
        dryRun: options.dryRun,
        signal: stop.signal,
        onTotal: (total) => bar?.start(total, 0),
        onFile: () => bar?.increment(),
        onProblem: (key, reason) => (bar ? undefined : this.output.err(`${key}: ${reason}`)),
      });
      bar?.stop();
      if (counts.files_failed > 0 || stop.signal.aborted) this.output.exitCode = 1;
      if (stop.signal.aborted) this.output.err('interrupted: run the command again to finish');
      if (options.json) return this.output.json(counts);
      const verb = options.dryRun ? 'would move' : 'moved';
      this.output.out(
        `${verb} ${counts.files_moved} files (${counts.bytes_moved} bytes) to ${to}; ${counts.files_failed} failed`,
      );
    } finally {
      bar?.stop();
      process.off('SIGINT', interrupt);
    }
  }

  private locationOf(to: string | undefined): string {
    if (to === 'local') return LOCAL_LOCATION;
    if (to === 's3') {
      if (!this.storage.s3Location)
        throw ApiError.badRequest('--to s3 needs the S3 service configured (S3_BUCKET and S3_*)');
      return this.storage.s3Location;
    }
    throw ApiError.badRequest("--to must be 'local' or 's3'");
  }

  @Option({ flags: '--to <location>', description: "'local' or 's3' (S3_BUCKET, S3_PREFIX)" })
  parseTo(value: string): string {
    return value;
  }

  @Option({ flags: '--dry-run', description: 'count what would move, move nothing' })
  parseDryRun(): boolean {
    return true;
  }
}
