import sharp from 'sharp';
import { diffImages } from '../../../../src/domain/comparisons/image-diff';
import { isRed, readPixels } from '../../../support/pixels';

const WHITE = { r: 255, g: 255, b: 255 };

/** A white `width` x `height` PNG with, optionally, one cell filled with `cell.colour`. */
async function png(
  width: number,
  height: number,
  cell?: { left: number; top: number; width: number; height: number; colour: string },
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: WHITE } });
  if (cell) {
    const fill = await sharp({
      create: { width: cell.width, height: cell.height, channels: 3, background: cell.colour },
    })
      .png()
      .toBuffer();
    image.composite([{ input: fill, left: cell.left, top: cell.top }]);
  }
  return image.png().toBuffer();
}

const CELL = { left: 50, top: 40, width: 200, height: 100 };

describe('diffImages', () => {
  it('finds nothing between identical images', async () => {
    const image = await png(300, 200, { ...CELL, colour: '#336699' });
    const diff = await diffImages(image, Buffer.from(image));
    expect(diff).toMatchObject({ changedPixels: 0, changedRatio: 0, width: 300, height: 200 });
  });

  it("counts one cell's changed colour as about the cell's area, drawn red where the cell is", async () => {
    const base = await png(300, 200, { ...CELL, colour: '#ffffff' });
    const head = await png(300, 200, { ...CELL, colour: '#ff0000' });
    const diff = await diffImages(base, head);
    const area = CELL.width * CELL.height;
    expect(diff.changedPixels).toBeGreaterThanOrEqual(area * 0.95);
    expect(diff.changedPixels).toBeLessThanOrEqual(area);
    expect(diff.changedRatio).toBeCloseTo(diff.changedPixels / (300 * 200), 10);
    const pixels = await readPixels(diff.png);
    expect(pixels.bounds(isRed)).toEqual({
      left: CELL.left,
      top: CELL.top,
      right: CELL.left + CELL.width - 1,
      bottom: CELL.top + CELL.height - 1,
    });
    expect(isRed(pixels.at(10, 10))).toBe(false);
  });

  it('compares images of different heights, the extra rows counted as changed', async () => {
    const short = await png(120, 50);
    const tall = await png(120, 80);
    for (const [base, head] of [
      [short, tall],
      [tall, short],
    ]) {
      const diff = await diffImages(base, head);
      expect(diff).toMatchObject({ width: 120, height: 80, changedPixels: 120 * 30 });
      expect(diff.changedRatio).toBeCloseTo(30 / 80, 10);
      const meta = await sharp(diff.png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 80]);
      const pixels = await readPixels(diff.png);
      const [r, g, b] = pixels.at(60, 70);
      expect(r).toBeGreaterThan(g + 60);
      expect(g).toBe(b);
      expect(pixels.at(60, 20)).not.toEqual([255, 0, 0]);
    }
  });

  it('writes a diff PNG that decodes, of the larger canvas', async () => {
    const diff = await diffImages(await png(90, 40), await png(100, 30));
    const meta = await sharp(diff.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 100, 40]);
    // Outside the common 90 x 30: 100 x 40 - 90 x 30.
    expect(diff.changedPixels).toBe(100 * 40 - 90 * 30);
  });
});
