import 'reflect-metadata';
import 'dotenv/config';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { AppModule } from './processes/app.module';
import { AppConfig, ConfigError, loadConfig } from './platform/config/app-config';
import { configureApp } from './http/configure-app';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    // JSON lines through nestjs-pino once it is up; LOG_LEVEL sets its level.
    bufferLogs: true,
    // Shutdown drains captures first (CaptureShutdown); then idle keep-alive connections
    // must not hold the process open.
    forceCloseConnections: true,
  });
  app.useLogger(app.get(PinoNestLogger));
  configureApp(app);
  await app.listen(config.port, config.host);
  new Logger('Bootstrap').log(
    `Instant Preview API on ${config.apiBaseUrl} (listening on ${config.host}:${config.port}, ${config.database.kind})`,
  );
}

void bootstrap();
