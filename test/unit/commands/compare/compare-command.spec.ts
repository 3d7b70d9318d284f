import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompareModes,
  parseCompareArgs,
  runCompare,
} from '../../../../src/commands/compare/compare-command';
import { ClientDiff, CompareArgs, CompareIo } from '../../../../src/commands/compare/compare-types';

class CapturedIo implements CompareIo {
  stdout: string[] = [];
  stderr: string[] = [];
  constructor(readonly env: NodeJS.ProcessEnv = {}) {}
  out = (line: string) => void this.stdout.push(line);
  err = (line: string) => void this.stderr.push(line);
}

// Made as the file loads: the it.each tables below name them.
const dir = mkdtempSync(join(tmpdir(), 'compare-cli-'));
const base = join(dir, 'base.html');
const head = join(dir, 'head.eml');
writeFileSync(base, '<p>base</p>');
writeFileSync(head, 'Subject: x\r\nContent-Type: text/html\r\n\r\n<p>head</p>\r\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  parseCompareArgs(argv, new CapturedIo(env));

/** Modes that answer `diffs` without rendering, and record the arguments they were given. */
function fakeModes(diffs: ClientDiff[] | Error) {
  const calls: { mode: keyof CompareModes; args: CompareArgs }[] = [];
  const answer = (mode: keyof CompareModes) => async (args: CompareArgs) => {
    calls.push({ mode, args });
    if (diffs instanceof Error) throw diffs;
    return diffs;
  };
  return { calls, modes: { inProcess: answer('inProcess'), remote: answer('remote') } };
}

describe('compare: arguments', () => {
  it('takes the defaults: in-process, threshold 0.001, allowed, vertical, no --out', () => {
    const args = parse([base, head, '--clients', 'ol2019, IPHONE13,OL2019']);
    expect(args).toEqual({
      base,
      head,
      clients: ['OL2019', 'IPHONE13'],
      threshold: 0.001,
      out: undefined,
      json: false,
      images: 'allowed',
      orientation: 'vertical',
    });
  });

  it('reads every flag', () => {
    const args = parse([
      base,
      head,
      '--clients=GMAILNEW',
      '--threshold',
      '0',
      '--out',
      'diffs',
      '--json',
      '--images',
      'blocked',
      '--orientation',
      'horizontal',
      '--url',
      'http://preview.example:3000',
      '--key',
      'k1',
      '--max-download',
      '2mb',
    ]);
    expect(args).toMatchObject({
      clients: ['GMAILNEW'],
      threshold: 0,
      out: 'diffs',
      json: true,
      images: 'blocked',
      orientation: 'horizontal',
      remote: { url: 'http://preview.example:3000', key: 'k1', maxDownloadBytes: 2 * 1024 ** 2 },
    });
  });

  it('takes the service and its key from the environment, flags first', () => {
    const env = { INSTANT_PREVIEW_URL: 'https://env.example', INSTANT_PREVIEW_API_KEY: 'k-env' };
    expect(parse([base, head, '--clients', 'OL2019'], env).remote).toEqual({
      url: 'https://env.example',
      key: 'k-env',
      maxDownloadBytes: 100 * 1024 ** 2,
    });
    expect(parse([base, head, '--clients', 'OL2019', '--key', 'k2'], env).remote).toEqual({
      url: 'https://env.example',
      key: 'k2',
      maxDownloadBytes: 100 * 1024 ** 2,
    });
    // A key alone in the environment does not make a comparison remote.
    const keyOnly = { INSTANT_PREVIEW_API_KEY: 'k' };
    expect(parse([base, head, '--clients', 'OL2019'], keyOnly).remote).toBeUndefined();
  });

  it.each([
    [/missing required argument/, ['--clients', 'OL2019']],
    [/missing required argument 'head'/, [base, '--clients', 'OL2019']],
    [/--clients/, [base, head]],
    [/missing\.html: no such file/, [base, join(dir, 'missing.html'), '--clients', 'OL2019']],
    [/not a file/, [base, dir, '--clients', 'OL2019']],
    [/^unknown client NOPE, X1 \(/, [base, head, '--clients', 'OL2019,NOPE,x1']],
    [
      /OL2007 does not offer orientation horizontal \(only vertical\)/,
      [base, head, '--clients', 'IPHONE13,OL2007', '--orientation', 'horizontal'],
    ],
    [/no client code/, [base, head, '--clients', ' , ']],
    [/--threshold "abc"/, [base, head, '--clients', 'OL2019', '--threshold', 'abc']],
    [/from 0 to 1/, [base, head, '--clients', 'OL2019', '--threshold', '1.5']],
    [/from 0 to 1/, [base, head, '--clients', 'OL2019', '--threshold', '-0.1']],
    [/--threshold/, [base, head, '--clients', 'OL2019', '--threshold', '']],
    [/allowed, blocked/, [base, head, '--clients', 'OL2019', '--images', 'some']],
    [/vertical, horizontal/, [base, head, '--clients', 'OL2019', '--orientation', 'up']],
    [/--url needs --key/, [base, head, '--clients', 'OL2019', '--url', 'http://x.example']],
    [/--key needs --url/, [base, head, '--clients', 'OL2019', '--key', 'k']],
    [/not a URL/, [base, head, '--clients', 'OL2019', '--url', 'x.example', '--key', 'k']],
    [/not an http/, [base, head, '--clients', 'OL2019', '--url', 'ftp://x', '--key', 'k']],
    [/unknown option/, [base, head, '--clients', 'OL2019', '--frobnicate']],
    [
      /"\.\.\/X" is not a client code/,
      [base, head, '--clients', '../x', '--url', 'http://x', '--key', 'k'],
    ],
    [
      /--max-download "lots": a size such as 100mb/,
      [
        base,
        head,
        '--clients',
        'OL2019',
        '--url',
        'http://x',
        '--key',
        'k',
        '--max-download',
        'lots',
      ],
    ],
    [
      /--max-download "0"/,
      [base, head, '--clients', 'OL2019', '--url', 'http://x', '--key', 'k', '--max-download', '0'],
    ],
    [/too many arguments/, [base, head, head, '--clients', 'OL2019']],
  ])('refuses with %s', (reason, argv) => {
    expect(() => parse(argv)).toThrow(reason);
  });

  it('leaves client codes to the service when comparing there', () => {
    const remote = ['--url', 'http://x.example', '--key', 'k'];
    expect(parse([base, head, '--clients', 'NOPE', ...remote]).clients).toEqual(['NOPE']);
  });
});

describe('compare: exit codes and output', () => {
  const diffs: ClientDiff[] = [
    { client: 'OL2019', changedRatio: 0.02, changedPixels: 9600, diff: 'd/ol2019.png' },
    { client: 'IPHONE13', changedRatio: 0.0005, changedPixels: 12, diff: null },
  ];

  it('exits 1 when a client changed beyond the threshold, with a table and a summary', async () => {
    const io = new CapturedIo();
    const { modes, calls } = fakeModes(diffs);
    expect(await runCompare([base, head, '--clients', 'OL2019,IPHONE13'], io, modes)).toBe(1);
    expect(calls.map((call) => call.mode)).toEqual(['inProcess']);
    expect(io.stdout[0]).toMatch(/^client\s+changed\s+changed pixels\s+diff$/);
    expect(io.stdout[1]).toMatch(/^OL2019 \*\s+2\.000%\s+9600\s+d\/ol2019\.png$/);
    expect(io.stdout[2]).toMatch(/^IPHONE13\s+0\.050%\s+12\s+-$/);
    expect(io.stdout.at(-1)).toBe('1 of 2 clients changed beyond 0.100% (threshold 0.001): OL2019');
  });

  it('exits 0 when none did (the threshold is a strict bound)', async () => {
    const io = new CapturedIo();
    const argv = [base, head, '--clients', 'OL2019,IPHONE13', '--threshold', '0.02'];
    expect(await runCompare(argv, io, fakeModes(diffs).modes)).toBe(0);
    expect(io.stdout.at(-1)).toBe('no change beyond 2.000% (threshold 0.02) in 2 clients');
  });

  it('prints one JSON document with --json, and nothing else on stdout', async () => {
    const io = new CapturedIo();
    const argv = [base, head, '--clients', 'OL2019,IPHONE13', '--json'];
    expect(await runCompare(argv, io, fakeModes(diffs).modes)).toBe(1);
    expect(io.stdout).toHaveLength(1);
    expect(JSON.parse(io.stdout[0])).toEqual({
      threshold: 0.001,
      changed: true,
      results: [
        {
          client: 'OL2019',
          changed_ratio: 0.02,
          changed_pixels: 9600,
          changed: true,
          diff: 'd/ol2019.png',
        },
        {
          client: 'IPHONE13',
          changed_ratio: 0.0005,
          changed_pixels: 12,
          changed: false,
          diff: null,
        },
      ],
    });
  });

  it('exits 2 with one line on stderr on bad input, before any comparison', async () => {
    const io = new CapturedIo();
    const { modes, calls } = fakeModes(diffs);
    expect(await runCompare([base, head, '--clients', 'NOPE'], io, modes)).toBe(2);
    expect(calls).toEqual([]);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(/^compare: unknown client NOPE/);
  });

  it('exits 2 when the comparison could not be made', async () => {
    const io = new CapturedIo({
      INSTANT_PREVIEW_URL: 'http://x.example',
      INSTANT_PREVIEW_API_KEY: 'k',
    });
    const { modes, calls } = fakeModes(new Error('service failed (503)'));
    expect(await runCompare([base, head, '--clients', 'OL2019'], io, modes)).toBe(2);
    expect(calls.map((call) => call.mode)).toEqual(['remote']);
    expect(io.stderr).toEqual(['compare: service failed (503)']);
  });

  it('exits 0 after --help', async () => {
    const io = new CapturedIo();
    expect(await runCompare(['--help'], io, fakeModes(diffs).modes)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/--clients <codes>/);
  });
});

/**
 * A stand-in for the service: POST /v1/emails and /v1/comparisons, and a capture host that
 * only answers through the service's own address (Host header), redirecting to /files/.
 */
function fakeService(comparison: (body: Record<string, unknown>) => [number, object]) {
  const seen: { method: string; url: string; host: string; auth?: string; body: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const host = req.headers.host ?? '';
      seen.push({
        method: req.method!,
        url: req.url!,
        host,
        auth: req.headers.authorization,
        body,
      });
      const json = (status: number, value: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.method === 'POST' && req.url === '/v1/emails')
        return json(200, { email_guid: `guid-${seen.length}` });
      if (req.method === 'POST' && req.url === '/v1/comparisons')
        return json(...comparison(JSON.parse(body) as Record<string, unknown>));
      if (host.startsWith('ol2019.capture.') && req.url === '/g/diff.png')
        return res.writeHead(302, { location: `http://localhost:1/files/diff.png` }).end();
      if (host === 'localhost:1' && req.url === '/files/diff.png')
        return res.writeHead(200, { 'content-type': 'image/png' }).end('PNG!');
      // 5,000 bytes: saying so, and not (chunked, as a service that keeps sending would).
      if (host.startsWith('ol2019.capture.') && req.url === '/g/declared.png')
        return res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
      if (host.startsWith('ol2019.capture.') && req.url === '/g/chunked.png') {
        res.writeHead(200, { 'content-type': 'image/png' }).write('x'.repeat(2500));
        return res.end('x'.repeat(2500));
      }
      json(404, { status: 404, title: 'Not Found' });
    });
  });
  return { seen, server };
}

describe('compare: on a service', () => {
  let service: ReturnType<typeof fakeService>;
  let url: string;
  let answer: [number, object];
  beforeAll(async () => {
    service = fakeService(() => answer);
    await new Promise<void>((done) => service.server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => service.server.close(done)));
  beforeEach(() => (service.seen.length = 0));

  it('uploads both files, compares, and downloads the diff through the service', async () => {
    const port = new URL(url).port;
    answer = [
      200,
      {
        results: [
          {
            client: 'OL2019',
            changed_ratio: 0.5,
            changed_pixels: 100,
            base_url: 'b',
            head_url: 'h',
            diff_url: `http://ol2019.capture.localhost:${port}/g/diff.png`,
          },
        ],
      },
    ];
    const out = join(dir, 'remote-out');
    const io = new CapturedIo();
    const argv = [base, head, '--clients', 'ol2019', '--url', url, '--key', 'k1', '--out', out];
    expect(await runCompare([...argv, '--json'], io)).toBe(1);
    const written = join(out, 'ol2019-vertical-allowed-diff.png');
    expect(readFileSync(written, 'utf8')).toBe('PNG!');
    expect(JSON.parse(io.stdout[0]).results[0]).toMatchObject({ diff: written, changed: true });
    const posts = service.seen.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.auth)).toEqual(
      Array(3).fill(`Basic ${Buffer.from('k1:').toString('base64')}`),
    );
    const uploads = posts.slice(0, 2).map((request) => JSON.parse(request.body));
    expect(uploads).toEqual(
      expect.arrayContaining([
        { html_text: '<p>base</p>' },
        { raw_source: readFileSync(head, 'utf8') },
      ]),
    );
    expect(JSON.parse(posts[2].body)).toEqual({
      base_email_guid: expect.stringMatching(/^guid-/),
      head_email_guid: expect.stringMatching(/^guid-/),
      clients: ['OL2019'],
      images: 'allowed',
      orientation: 'vertical',
    });
  });

  const result = (client: string, diffUrl: string) => ({
    client,
    changed_ratio: 0.5,
    changed_pixels: 100,
    diff_url: diffUrl,
  });

  it('refuses an answer naming a client it did not ask for, and writes nothing outside --out', async () => {
    const port = new URL(url).port;
    const out = join(dir, 'hostile', 'out');
    for (const client of ['../escaped', 'IPHONE13', 'OL2019']) {
      answer = [
        200,
        {
          results: [
            result('OL2019', `http://ol2019.capture.localhost:${port}/g/diff.png`),
            result(client, `http://ol2019.capture.localhost:${port}/g/diff.png`),
          ],
        },
      ];
      const io = new CapturedIo();
      const argv = [base, head, '--clients', 'OL2019', '--url', url, '--key', 'k', '--out', out];
      expect(await runCompare(argv, io)).toBe(2);
      expect(io.stdout).toEqual([]);
      expect(io.stderr.at(-1)).toBe(
        `compare: POST /v1/comparisons: a result for ${JSON.stringify(client)}, not a client asked for once: the answer is not trusted`,
      );
    }
    expect(existsSync(join(dir, 'hostile'))).toBe(false);
  });

  it.each([
    ['it says its length', 'declared'],
    ['its length is not said', 'chunked'],
  ])('refuses a diff larger than --max-download (%s)', async (_name, file) => {
    const port = new URL(url).port;
    answer = [
      200,
      { results: [result('OL2019', `http://ol2019.capture.localhost:${port}/g/${file}.png`)] },
    ];
    const out = join(dir, `large-${file}`);
    const io = new CapturedIo();
    const argv = [base, head, '--clients', 'OL2019', '--url', url, '--key', 'k', '--out', out];
    expect(await runCompare([...argv, '--max-download', '4kb'], io)).toBe(2);
    expect(io.stderr.at(-1)).toMatch(
      /^compare: OL2019: diff not downloaded: the answer from http:\/\/ol2019\.capture\.localhost:\d+ is over 4096 bytes$/,
    );
    expect(existsSync(out)).toBe(false);
    // Within the limit, the same download is written.
    expect(await runCompare([...argv, '--max-download', '5000'], new CapturedIo())).toBe(1);
    expect(readFileSync(join(out, 'ol2019-vertical-allowed-diff.png'), 'utf8')).toBe(
      'x'.repeat(5000),
    );
  });

  it('gives the diff_url without --out', async () => {
    answer = [
      200,
      { results: [{ client: 'OL2019', changed_ratio: 0, changed_pixels: 0, diff_url: 'u' }] },
    ];
    const io = new CapturedIo({ INSTANT_PREVIEW_URL: url, INSTANT_PREVIEW_API_KEY: 'k' });
    expect(await runCompare([base, head, '--clients', 'OL2019', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout[0]).results[0].diff).toBe('u');
  });

  it.each([
    [
      400,
      { status: 400, title: 'Bad Request', description: "unknown client 'NOPE'" },
      /refused \(400 Bad Request: unknown client 'NOPE'\)/,
    ],
    [404, { error: { title: 'Not Found' } }, /refused \(404 Not Found\)/],
    [503, { status: 503, title: 'Service Unavailable' }, /failed \(503 Service Unavailable\)/],
  ])('exits 2 when the service answers %i', async (status, body, reason) => {
    answer = [status, body];
    const io = new CapturedIo();
    const argv = [base, head, '--clients', 'NOPE', '--url', url, '--key', 'k'];
    expect(await runCompare(argv, io)).toBe(2);
    expect(io.stderr.at(-1)).toMatch(reason);
  });

  it('exits 2 when the service is unreachable', async () => {
    const io = new CapturedIo();
    const argv = [base, head, '--clients', 'OL2019', '--url', 'http://127.0.0.1:1', '--key', 'k'];
    expect(await runCompare(argv, io)).toBe(2);
    expect(io.stderr.at(-1)).toMatch(/service unreachable/);
  });
});
