import { CommandRunner, Option } from 'nest-commander';
import { CliOutput } from './cli-output';

export interface JsonOption {
  json?: boolean;
}

/**
 * Base of every admin command: turns thrown errors into a message on stderr and an
 * exit code, and offers `--json`.
 */
export abstract class CliCommand<Options extends JsonOption = JsonOption> extends CommandRunner {
  constructor(protected readonly output: CliOutput) {
    super();
  }

  async run(params: string[], options: Options = {} as Options): Promise<void> {
    try {
      await this.execute(params, options);
    } catch (error) {
      this.output.fail(error);
    }
  }

  protected abstract execute(params: string[], options: Options): Promise<void>;

  @Option({ flags: '--json', description: 'print JSON on stdout and nothing else' })
  parseJson(): boolean {
    return true;
  }
}
