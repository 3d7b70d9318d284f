import type { LogLevel } from '@nestjs/common';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The Nest log levels at and above the configured one. */
export function logLevels(level: string): LogLevel[] {
  return ORDER.slice(0, Math.max(ORDER.indexOf(level as LogLevel), 1) + 1);
}
