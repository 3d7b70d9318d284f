import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { freePort } from '../support/api-process';
import { isRed, readPixels } from '../support/pixels';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

// `npm run cli -- compare` as users and CI run it: the built CLI (npm run build first).
const CLI = join(__dirname, '../../dist/cli.js');
const BASE = join(__dirname, '../fixtures/compare/base.html');
const HEAD = join(__dirname, '../fixtures/compare/head.html');
const RUN_TIMEOUT_MS = 240_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ip-compare-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function compare(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const inherited = { ...process.env };
  delete inherited.INSTANT_PREVIEW_URL;
  delete inherited.INSTANT_PREVIEW_API_KEY;
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [CLI, 'compare', ...args],
      {
        env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
        timeout: RUN_TIMEOUT_MS,
        maxBuffer: 16 << 20,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    ),
  );
}

/** The red of the diff: its bounding box's size, device pixels. */
async function redBox(png: Buffer) {
  const box = (await readPixels(png)).bounds(isRed);
  return box && { width: box.right - box.left + 1, height: box.bottom - box.top + 1 };
}

const DEVICE_SCALE = { OL2019: 1, IPHONE13: 3 };
/** The 200 x 100 cell that changed colour, at the client's device scale, a pixel or two off. */
async function expectCellHighlighted(png: Buffer, client: keyof typeof DEVICE_SCALE) {
  const scale = DEVICE_SCALE[client];
  const box = await redBox(png);
  expect(box?.width).toBeGreaterThanOrEqual(200 * scale - 2 * scale);
  expect(box?.width).toBeLessThanOrEqual(200 * scale + 2 * scale);
  expect(box?.height).toBeGreaterThanOrEqual(100 * scale - 2 * scale);
  expect(box?.height).toBeLessThanOrEqual(100 * scale + 2 * scale);
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} missing: npm run build first`);
});

// Rendered in the CLI's own process: no database, so once, not once per database.
(TEST_DATABASE === 'sqlite' ? describe : describe.skip)('compare, in-process', () => {
  jest.setTimeout(2 * RUN_TIMEOUT_MS);

  it('exits 1 when the cell changed in OL2019 and IPHONE13, writing both diffs', async () => {
    const out = join(dataDir, 'diffs');
    const run = await compare([BASE, HEAD, '--clients', 'OL2019,IPHONE13', '--out', out]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 1,
      stderr: expect.stringContaining('OL2019'),
    });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^client\s+changed\s+changed pixels\s+diff$/);
    expect(lines[1]).toMatch(/^OL2019 \*\s+[\d.]+%\s+\d+\s+.*ol2019-vertical-allowed-diff\.png$/);
    expect(lines[2]).toMatch(
      /^IPHONE13 \*\s+[\d.]+%\s+\d+\s+.*iphone13-vertical-allowed-diff\.png$/,
    );
    expect(lines.at(-1)).toMatch(/^2 of 2 clients changed beyond 0\.100% \(threshold 0\.001\)/);
    for (const client of ['OL2019', 'IPHONE13'] as const) {
      const png = readFileSync(join(out, `${client.toLowerCase()}-vertical-allowed-diff.png`));
      expect((await sharp(png).metadata()).format).toBe('png');
      await expectCellHighlighted(png, client);
    }
  });

  it('prints one JSON document with --json', async () => {
    const run = await compare([BASE, HEAD, '--clients', 'ol2019', '--json', '--threshold', '0.01']);
    expect(run.code).toBe(1);
    const parsed = JSON.parse(run.stdout);
    expect(parsed).toEqual({
      threshold: 0.01,
      changed: true,
      results: [
        {
          client: 'OL2019',
          changed_ratio: expect.any(Number),
          changed_pixels: expect.any(Number),
          changed: true,
          diff: null,
        },
      ],
    });
    const [result] = parsed.results;
    // The cell's 200 x 100 pixels, of an 800 px wide page.
    expect(result.changed_pixels).toBeGreaterThan(200 * 100 * 0.95);
    expect(result.changed_pixels).toBeLessThan(200 * 100 * 1.05);
    expect(result.changed_ratio).toBeGreaterThan(0.01);
  });

  it('exits 0 for identical files', async () => {
    const out = join(dataDir, 'same');
    const run = await compare([BASE, BASE, '--clients', 'OL2019,IPHONE13', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      'no change beyond 0.100% (threshold 0.001) in 2 clients',
    );
    const png = readFileSync(join(out, 'iphone13-vertical-allowed-diff.png'));
    expect(await redBox(png)).toBeNull();
  });

  it('exits 2 for a missing file, with the reason on stderr', async () => {
    const run = await compare([BASE, join(dataDir, 'nope.html'), '--clients', 'OL2019']);
    expect(run).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/nope\.html/) });
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits 2 for an unknown client, before rendering', async () => {
    const run = await compare([BASE, HEAD, '--clients', 'OL2019,NOPE']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^compare: unknown client NOPE/),
    });
  });
});

describe(`compare on a running service (${TEST_DATABASE})`, () => {
  jest.setTimeout(2 * RUN_TIMEOUT_MS);
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // Its capture hosts named after its own port: *.capture.localhost:<port>.
    const port = await freePort();
    t = await createTestApp({
      port,
      realTime: true,
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        CDN_DOMAIN: `localhost:${port}`,
      },
    });
    key = (await createApplication(t)).api_key;
  });
  afterAll(() => t.close());

  it('uploads both files, compares there, and downloads the diffs', async () => {
    const out = join(dataDir, 'remote');
    const run = await compare(
      [BASE, HEAD, '--clients', 'OL2019,IPHONE13', '--out', out, '--json'],
      { INSTANT_PREVIEW_URL: t.url, INSTANT_PREVIEW_API_KEY: key },
    );
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: expect.any(String) });
    const parsed = JSON.parse(run.stdout);
    expect(parsed).toMatchObject({ threshold: 0.001, changed: true });
    expect(parsed.results.map((result: { client: string }) => result.client).sort()).toEqual([
      'IPHONE13',
      'OL2019',
    ]);
    for (const client of ['OL2019', 'IPHONE13'] as const) {
      const path = join(out, `${client.toLowerCase()}-vertical-allowed-diff.png`);
      expect(parsed.results).toContainEqual(
        expect.objectContaining({ client, changed: true, diff: path }),
      );
      await expectCellHighlighted(readFileSync(path), client);
    }
  });

  it('exits 2 when the service refuses the key', async () => {
    const run = await compare([BASE, HEAD, '--clients', 'OL2019', '--url', t.url, '--key', 'bad']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/service refused \(401/);
  });
});
