import 'reflect-metadata';
import 'dotenv/config';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { ConfigError, loadConfig } from './platform/config/app-config';
import { logLevels } from './platform/config/log-levels';
import { WorkerModule } from './processes/worker/worker.module';

/** Render worker entry (`npm run worker`): a Nest application context without HTTP. */
async function main(): Promise<void> {
  let level: string;
  try {
    const config = loadConfig();
    // A worker takes its jobs from Redis: without it, it would only make an embedded
    // installation's files (database, secrets) in DATA_DIR and then fail.
    if (config.runMode !== 'scale-out')
      throw new ConfigError(
        'worker: REDIS_URL is required (a render worker takes its jobs from Redis)',
      );
    level = config.logLevel;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  const app = await NestFactory.createApplicationContext(WorkerModule, {
    logger: logLevels(level), // until nestjs-pino takes over: JSON lines from then on
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoNestLogger));
  app.enableShutdownHooks();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
