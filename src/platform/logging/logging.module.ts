import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { Level } from 'pino';
import { AppConfig } from '../config/app-config';

/** Nest's LOG_LEVEL names in pino's. */
const PINO_LEVELS: Record<string, Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** A caller's X-Request-Id is kept when it is a plain token; otherwise one is made. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Structured JSON logs (nestjs-pino): one line per event, with the request's id on every
 * line logged while serving it (and, through the capture job, in the worker that renders
 * for it). Credentials and cookies never reach the log.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: PINO_LEVELS[config.logLevel] ?? 'info',
          genReqId: requestId,
          quietReqLogger: true,
          // Orchestrators poll health every few seconds: not worth a line each.
          autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health/') },
          serializers: {
            req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
              remoteAddress: req.remoteAddress,
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          // A 5xx without a thrown error gets a synthetic one from pino-http: its stack says nothing.
          customErrorObject: (_req, _res, error, logged: Record<string, unknown>) =>
            /^failed with status code/.test(error.message) ? { ...logged, err: undefined } : logged,
          customLogLevel: (_req, res, error) =>
            error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        },
      }),
    }),
  ],
  exports: [LoggerModule],
})
export class LoggingModule {}
