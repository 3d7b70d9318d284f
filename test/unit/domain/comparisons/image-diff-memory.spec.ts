import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { diffImages } from '../../../../src/domain/comparisons/image-diff';

/** A box filled with one colour: left, top, width, height, colour. */
type Box = [number, number, number, number, string];

/** A grey page (900 px wide at least) with dark text-like bars every 40 rows, and `boxes` over it. */
async function page(width: number, height: number, boxes: Box[] = []): Promise<Buffer> {
  const bars: Box[] = [];
  for (let top = 8; top + 12 < height; top += 40)
    bars.push([(top * 7) % 200, top, 400 + ((top * 13) % 300), 12, '#333']);
  const fills = await Promise.all(
    [...bars, ...boxes].map(async ([left, top, w, h, colour]) => ({
      input: await sharp({ create: { width: w, height: h, channels: 3, background: colour } })
        .png()
        .toBuffer(),
      left,
      top,
    })),
  );
  return sharp({ create: { width, height, channels: 3, background: '#eeeeee' } })
    .composite(fills)
    .png()
    .toBuffer();
}

/** Changes in plain colours over the bars, some across rows a strip-wise diff splits at. */
const CHANGES: Box[] = [
  [0, 0, 5, 5, '#00ff00'],
  [100, 1995, 40, 12, '#ff00ff'],
  [300, 8190, 30, 30, '#0000ff'],
  [500, 3990, 20, 700, '#ff8800'],
];
const CHANGED = CHANGES.reduce((sum, [, , w, h]) => sum + w * h, 0);

describe('diffImages on tall captures', () => {
  it('counts every change across the whole height, whatever rows it spans', async () => {
    const base = await page(1000, 9000);
    const diff = await diffImages(base, await page(1000, 9000, CHANGES));
    expect(diff).toMatchObject({ width: 1000, height: 9000, changedPixels: CHANGED });
    const meta = await sharp(diff.png).metadata();
    expect([meta.width, meta.height]).toEqual([1000, 9000]);
  });

  it('counts the rows and columns only one of two tall images covers', async () => {
    const diff = await diffImages(await page(1000, 9000), await page(1100, 9600, CHANGES));
    expect(diff).toMatchObject({
      width: 1100,
      height: 9600,
      changedPixels: CHANGED + 1100 * 9600 - 1000 * 9000,
    });
  });
});

describe('ImageDiffer on two 2,400 x 16,000 px captures', () => {
  const dir = mkdtempSync(join(tmpdir(), 'diff-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds less memory than the two images and their diff decoded whole, during the comparison and after', async () => {
    const [width, height] = [2400, 16000];
    const files = {
      base: await page(width, height),
      head: await page(width, height, [...CHANGES, [2000, 15990, 10, 10, '#00ff00']]),
      small: await page(800, 600),
    };
    const paths = Object.entries(files).map(([name, png]) => {
      const path = join(dir, `${name}.png`);
      writeFileSync(path, png);
      return path;
    });
    // Its own process: the resident memory measured is the comparison's alone.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '-r',
        'ts-node/register/transpile-only',
        join(__dirname, '../../../support/diff-memory.ts'),
        ...paths,
      ],
      { cwd: join(__dirname, '../../../..') },
    );
    const measured = JSON.parse(stdout) as Record<string, number>;
    expect(measured).toMatchObject({ width, height, changedPixels: CHANGED + 100 });
    // A whole-image diff holds both images decoded and the diff image drawn: 460 MB here
    // (measured at 584-613 MB above the start). Strip by strip it held 130-215 MB on a quiet
    // machine and up to 324 MB in a loaded CI run (the allocator and the collector keep more
    // floating garbage when the cores are busy), so the bound is what whole images would need.
    const wholeImages = 3 * width * height * 4;
    expect(measured.peakAbove).toBeLessThan(wholeImages);
    expect(measured.afterAbove).toBeLessThan(wholeImages);
  }, 120_000);
});
