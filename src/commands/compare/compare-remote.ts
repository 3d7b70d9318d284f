import { readFileSync } from 'node:fs';
import { isMessageFile } from '../../domain/emails/mime/email-file';
import { HttpAnswer, send } from '../../base/net/http-send';
import { download } from './compare-http';
import { writeDiff } from './compare-output';
import { ClientDiff, CompareArgs, CompareError, CompareIo } from './compare-types';

/** Uploads and downloads; a comparison renders both versions in every client first. */
const IDLE_MS = 120_000;
const COMPARISON_IDLE_MS = 15 * 60_000;
/** The API's JSON answers: a comparison of every client is tens of KB. */
const ANSWER_MAX_BYTES = 1024 ** 2;

interface RemoteResult {
  client: string;
  changed_ratio: number;
  changed_pixels: number;
  diff_url?: string | null;
}

/**
 * Compares on a running service: both files uploaded as emails (POST /v1/emails), then
 * POST /v1/comparisons; with --out, each diff_url downloaded.
 */
export async function compareRemote(args: CompareArgs, io: CompareIo): Promise<ClientDiff[]> {
  const { url, key, maxDownloadBytes } = args.remote!;
  const service = new URL(url);
  const api = `${url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1`;
  const auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const post = async (path: string, body: object, idleMs: number) => {
    const target = new URL(`${api}${path}`);
    const answer = await send(target, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      idleMs,
      maxBytes: ANSWER_MAX_BYTES,
    }).catch((error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      throw new CompareError(`POST ${target.href}: service unreachable (${why})`);
    });
    if (answer.status !== 200) throw new CompareError(`POST ${target.href}: ${refusal(answer)}`);
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  };
  const upload = async (path: string) => {
    const source = readFileSync(path, 'utf8');
    const body = isMessageFile(path) ? { raw_source: source } : { html_text: source };
    return ((await post('/emails', body, IDLE_MS)) as { email_guid: string }).email_guid;
  };
  const [baseGuid, headGuid] = await Promise.all([upload(args.base), upload(args.head)]);
  io.err(`uploaded: base ${baseGuid}, head ${headGuid}; comparing ${args.clients.join(', ')}`);
  const answer = (await post(
    '/comparisons',
    {
      base_email_guid: baseGuid,
      head_email_guid: headGuid,
      clients: args.clients,
      images: args.images,
      orientation: args.orientation,
    },
    COMPARISON_IDLE_MS,
  )) as { results?: unknown };
  const diffs: ClientDiff[] = [];
  const limits = { idleMs: IDLE_MS, maxBytes: maxDownloadBytes };
  for (const result of resultsAskedFor(answer.results, args.clients)) {
    let diff = result.diff_url ?? null;
    if (args.out && result.diff_url) {
      const png = await download(result.diff_url, service, limits).catch((error: unknown) => {
        throw new CompareError(
          `${result.client}: diff not downloaded: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      diff = writeDiff({ ...args, out: args.out }, result.client, png);
    }
    diffs.push({
      client: result.client,
      changedRatio: result.changed_ratio,
      changedPixels: result.changed_pixels,
      diff,
    });
  }
  return diffs;
}

/**
 * The service's results, one per client asked for and only those: a client code names the
 * file written under --out, and the answer is the service's to make up (a spoofed plain-http
 * one, say), so anything else refuses the whole answer.
 */
function resultsAskedFor(results: unknown, asked: string[]): RemoteResult[] {
  if (!Array.isArray(results))
    throw new CompareError('POST /v1/comparisons: an answer without results');
  const seen = new Set<string>();
  return results.map((result: Partial<RemoteResult> | null) => {
    const client = result?.client;
    if (typeof client !== 'string' || !asked.includes(client) || seen.has(client))
      throw new CompareError(
        `POST /v1/comparisons: a result for ${JSON.stringify(client)}, not a client asked for once: the answer is not trusted`,
      );
    seen.add(client);
    const { changed_ratio: ratio, changed_pixels: pixels, diff_url: url } = result!;
    if (
      typeof ratio !== 'number' ||
      !(ratio >= 0 && ratio <= 1) ||
      !Number.isSafeInteger(pixels) ||
      pixels! < 0 ||
      !(url === undefined || url === null || typeof url === 'string')
    )
      throw new CompareError(`POST /v1/comparisons: ${client}: a malformed result`);
    return result as RemoteResult;
  });
}

/** `401 Unauthorized: ...` from the error body (`{status, title, description}` or `{error}`). */
function refusal(answer: HttpAnswer): string {
  let detail = '';
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
    const error = (body.error ?? body) as Record<string, unknown>;
    detail = [error.title, error.description ?? error.message]
      .filter((part) => typeof part === 'string')
      .join(': ');
  } catch {
    detail = answer.body.toString('utf8').slice(0, 200).trim();
  }
  const kind = answer.status >= 500 ? 'service failed' : 'service refused';
  return `${kind} (${answer.status}${detail ? ` ${detail}` : ''})`;
}
