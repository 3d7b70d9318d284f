import 'reflect-metadata';
import 'dotenv/config';
import { setPriority } from 'node:os';
import { CommandFactory } from 'nest-commander';
import { CliModule } from './processes/cli.module';
import { CliOutput } from './commands/cli-output';

/** Commands that run beside the service for long: at `nice` 10, the service keeps the CPU first. */
const BACKGROUND_COMMANDS = ['storage:move'];
const BACKGROUND_PRIORITY = 10;

/** Admin CLI: `npm run cli -- <command> [options]` (see README). */
async function main(): Promise<void> {
  // Needs no database: runs before Nest boots (src/commands/compare).
  if (process.argv[2] === 'compare') {
    const { runCompare } = await import('./commands/compare/compare-command');
    process.exit(await runCompare(process.argv.slice(3)));
  }
  if (BACKGROUND_COMMANDS.includes(process.argv[2] ?? '')) setPriority(BACKGROUND_PRIORITY);
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
