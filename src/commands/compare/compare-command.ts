import { Command, CommanderError } from 'commander';
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { withCaptureOptions } from '../capture-options';
import { parseSize } from '../../platform/config/app-config';
import { clientCatalog, ImagesOption, OrientationOption, unofferedOption } from '../../rendering';
import { printResults } from './compare-output';
import { ClientDiff, CompareArgs, CompareError, CompareIo } from './compare-types';

export const DEFAULT_THRESHOLD = 0.001;
export const EXIT_UNCHANGED = 0;
export const EXIT_CHANGED = 1;
export const EXIT_FAILED = 2;
/** Two captures at the engines' height limit are 150 MB of pixels: a diff PNG is less. */
export const DEFAULT_MAX_DOWNLOAD = '100mb';
/** What a client code looks like (GET /v1/clients/configurations): it names files under --out. */
const CLIENT_CODE = /^[A-Z0-9]+$/;

/** The two ways of making the comparison; tests replace them. */
export interface CompareModes {
  inProcess(args: CompareArgs, io: CompareIo): Promise<ClientDiff[]>;
  remote(args: CompareArgs, io: CompareIo): Promise<ClientDiff[]>;
}

// Loaded when used: the rendering library (browsers) is not needed by a remote comparison.
const MODES: CompareModes = {
  inProcess: async (args, io) => (await import('./compare-in-process')).compareInProcess(args, io),
  remote: async (args, io) => (await import('./compare-remote')).compareRemote(args, io),
};

const PROCESS_IO: CompareIo = {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Thrown by the parser when --help was asked and shown: exit 0. */
class HelpShown extends Error {}

/**
 * `npm run cli -- compare <base> <head> --clients OL2019,IPHONE13 ...` (src/cli.ts runs it
 * before Nest boots: no database). Resolves to the exit code: 0 when no client changed beyond
 * the threshold, 1 when one did, 2 on bad input or when the comparison could not be made.
 */
export async function runCompare(
  argv: string[],
  io: CompareIo = PROCESS_IO,
  modes: CompareModes = MODES,
): Promise<number> {
  try {
    const args = parseCompareArgs(argv, io);
    const diffs = args.remote ? await modes.remote(args, io) : await modes.inProcess(args, io);
    const changed = printResults(diffs, args, io);
    return changed ? EXIT_CHANGED : EXIT_UNCHANGED;
  } catch (error) {
    if (error instanceof HelpShown) return EXIT_UNCHANGED;
    io.err(`compare: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
}

/** The arguments checked, files and client codes included; CompareError when refused. */
export function parseCompareArgs(argv: string[], io: CompareIo): CompareArgs {
  const program = new Command('compare')
    .description('Renders two versions of an email in each client and compares the pixels.')
    .argument('<base>', 'the version compared against: .html, or a whole message (.eml)')
    .argument('<head>', 'the new version: .html or .eml')
    .requiredOption('--clients <codes>', 'client codes, comma-separated, e.g. OL2019,IPHONE13')
    .option(
      '--threshold <ratio>',
      `a client changed when its changed pixels over all are above this (default: ${DEFAULT_THRESHOLD})`,
    )
    .option('--out <dir>', 'write <client>-<orientation>-<images>-diff.png here')
    .option('--json', 'print one JSON document on stdout');
  withCaptureOptions(program)
    .option('--url <service>', 'compare on this service (env INSTANT_PREVIEW_URL)')
    .option('--key <api key>', "the service's API key (env INSTANT_PREVIEW_API_KEY)")
    .option(
      '--max-download <size>',
      `largest diff image taken from the service, such as 100mb or 512kb (default: ${DEFAULT_MAX_DOWNLOAD})`,
    )
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: () => undefined });
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) throw new HelpShown();
    const message = error instanceof Error ? error.message : String(error);
    throw new CompareError(message.replace(/^error: /, ''));
  }
  const [base, head] = program.args.map(readableFile);
  const options = program.opts<{
    clients: string;
    threshold?: string;
    out?: string;
    json?: boolean;
    images: ImagesOption;
    orientation: OrientationOption;
    url?: string;
    key?: string;
    maxDownload?: string;
  }>();
  const { images, orientation } = options;
  const remote = remoteOf(options.url, options.key, io.env, options.maxDownload);
  return {
    base,
    head,
    // The service checks the codes against its own catalogue (a 4xx is exit 2 too).
    clients: clientCodes(options.clients, remote ? null : { images, orientation }),
    threshold: thresholdOf(options.threshold),
    out: options.out,
    json: options.json === true,
    images,
    orientation,
    ...(remote && { remote }),
  };
}

function readableFile(path: string): string {
  const absolute = resolve(path);
  try {
    if (!statSync(absolute).isFile()) throw new CompareError(`${path}: not a file`);
    accessSync(absolute, constants.R_OK);
  } catch (error) {
    if (error instanceof CompareError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CompareError(
      `${path}: ${code === 'ENOENT' ? 'no such file' : `unreadable (${code})`}`,
    );
  }
  return absolute;
}

/** Upper-case, each once; checked against this catalogue when rendered here. */
export function clientCodes(
  list: string,
  checkAgainst: { images: ImagesOption; orientation: OrientationOption } | null,
): string[] {
  const codes = [
    ...new Set(
      list
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (codes.length === 0) throw new CompareError('--clients: no client code');
  const malformed = codes.find((code) => !CLIENT_CODE.test(code));
  if (malformed)
    throw new CompareError(`--clients: ${JSON.stringify(malformed)} is not a client code`);
  if (!checkAgainst) return codes;
  const unknown = codes.filter((code) => !clientCatalog.find(code));
  if (unknown.length > 0)
    throw new CompareError(
      `unknown client ${unknown.join(', ')} (the codes: GET /v1/clients/configurations, or src/rendering/families/*/profiles.json)`,
    );
  for (const code of codes) {
    const unoffered = unofferedOption(clientCatalog.find(code)!, checkAgainst);
    if (unoffered)
      throw new CompareError(
        `${code} does not offer ${unoffered.name} ${unoffered.value} (only ${unoffered.offered.join(', ')})`,
      );
  }
  return codes;
}

export function thresholdOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_THRESHOLD;
  const threshold = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1)
    throw new CompareError(`--threshold ${JSON.stringify(value)}: a number from 0 to 1`);
  return threshold;
}

/** The service to compare on: flags first, then the environment; none means in-process. */
export function remoteOf(
  url: string | undefined,
  key: string | undefined,
  env: NodeJS.ProcessEnv,
  maxDownload = DEFAULT_MAX_DOWNLOAD,
): CompareArgs['remote'] {
  if (key !== undefined && url === undefined && !env.INSTANT_PREVIEW_URL)
    throw new CompareError('--key needs --url (or INSTANT_PREVIEW_URL)');
  const service = url ?? (env.INSTANT_PREVIEW_URL || undefined);
  if (service === undefined) return undefined;
  const apiKey = key ?? (env.INSTANT_PREVIEW_API_KEY || undefined);
  if (!apiKey) throw new CompareError('--url needs --key (or INSTANT_PREVIEW_API_KEY)');
  let parsed: URL;
  try {
    parsed = new URL(service);
  } catch {
    throw new CompareError(`--url ${JSON.stringify(service)}: not a URL`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol))
    throw new CompareError(`--url ${JSON.stringify(service)}: not an http(s) URL`);
  return { url: service, key: apiKey, maxDownloadBytes: maxDownloadOf(maxDownload) };
}

function maxDownloadOf(value: string): number {
  let bytes = 0;
  try {
    bytes = parseSize(value);
  } catch {
    // Not a size: refused below, as 0 is.
  }
  if (bytes > 0) return bytes;
  throw new CompareError(`--max-download ${JSON.stringify(value)}: a size such as 100mb`);
}
