import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { CommandRunner } from 'nest-commander';
import { CliModule } from '../../src/processes/cli.module';
import { CliOutput } from '../../src/commands/cli-output';
import { AppConfig } from '../../src/platform/config/app-config';
import { Clock } from '../../src/platform/config/clock';
import type { TestApp } from './test-app';

/** Captures what a command writes, instead of the process's stdout and stderr. */
export class CapturedOutput extends CliOutput {
  stdout = '';
  stderr = '';
  out(text: string): void {
    this.stdout += text.endsWith('\n') ? text : `${text}\n`;
  }
  err(text: string): void {
    this.stderr += text.endsWith('\n') ? text : `${text}\n`;
  }
}

/**
 * The CLI's own module against the test app's database, as `npm run cli -- ...` builds it
 * (`config`: the CLI's own configuration, when it differs from the app's).
 */
export async function withCli<T>(
  testApp: TestApp,
  use: (context: INestApplicationContext, output: CapturedOutput) => Promise<T>,
  config: AppConfig = testApp.config,
): Promise<T> {
  const output = new CapturedOutput();
  const moduleRef = await Test.createTestingModule({ imports: [CliModule] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(Clock)
    .useValue(testApp.clock)
    .overrideProvider(CliOutput)
    .useValue(output)
    .compile();
  const context = moduleRef.createNestApplication({ logger: ['error'] });
  await context.init();
  try {
    return await use(context, output);
  } finally {
    await context.close();
  }
}

/** Runs an admin command through the CLI's own module and command class, as `npm run cli -- ...` would. */
export async function runCli(
  testApp: TestApp,
  command: abstract new (...args: never[]) => CommandRunner,
  params: string[],
  options: Record<string, unknown>,
  prepare?: (command: CommandRunner) => void,
  config?: AppConfig,
): Promise<CapturedOutput> {
  return withCli(
    testApp,
    async (context, output) => {
      const instance = context.get(command as never as abstract new () => CommandRunner);
      prepare?.(instance);
      await instance.run(params, options);
      return output;
    },
    config,
  );
}

export interface IssuedApp {
  id: string;
  client_id: string;
  client_secret: string | null;
  api_key: string;
  callback_uris: string[];
}

export async function createApplication(
  testApp: TestApp,
  options: { name?: string; callback?: string[]; public?: boolean } = {},
): Promise<IssuedApp> {
  const { AppsCreateCommand } = await import('../../src/commands/applications/apps.commands');
  const output = await runCli(testApp, AppsCreateCommand, [], {
    name: 'Integrator',
    callback: ['https://integrator.example/callback'],
    json: true,
    ...options,
  });
  if (output.exitCode !== 0) throw new Error(output.stderr);
  return JSON.parse(output.stdout) as IssuedApp;
}

/** A staff key issued through the CLI: its id and the key, shown once. */
export async function createStaffKey(
  testApp: TestApp,
  role: 'billing' | 'admin',
  name = role === 'billing' ? 'finance' : 'ops',
): Promise<{ id: string; key: string }> {
  const { StaffCreateKeyCommand } = await import('../../src/commands/applications/staff.commands');
  const output = await runCli(testApp, StaffCreateKeyCommand, [], { name, role, json: true });
  if (output.exitCode !== 0) throw new Error(output.stderr);
  return JSON.parse(output.stdout) as { id: string; key: string };
}

/** A billing staff key (the finance team's), issued through the CLI. */
export async function createBillingKey(testApp: TestApp): Promise<string> {
  return (await createStaffKey(testApp, 'billing')).key;
}

export function basicAuth(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
}
