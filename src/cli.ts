import 'reflect-metadata';
import 'dotenv/config';
import { CommandFactory } from 'nest-commander';
import { CliModule } from './cli.module';
import { CliOutput } from './cli/cli-output';

/** Admin CLI: `npm run cli -- <command> [options]` (see README). */
async function main(): Promise<void> {
  const app = await CommandFactory.createWithoutRunning(CliModule, {
    logger: ['error'],
    errorHandler: (error) => {
      // commander's own usage errors (unknown option, missing argument)
      if ((error as { exitCode?: number }).exitCode === 0) process.exit(0);
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    },
  });
  await CommandFactory.runApplication(app);
  const exitCode = app.get(CliOutput).exitCode;
  await app.close();
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
