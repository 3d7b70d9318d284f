import sharp from 'sharp';
import { readPixels } from '../../support/pixels';

/** A white picture with a few filled rectangles: [r, g, b, left, top, width, height]. */
async function picture(rects: number[][]): Promise<Buffer> {
  const data = Buffer.alloc(40 * 30 * 3, 255);
  for (const [r, g, b, left, top, w, h] of rects)
    for (let y = top; y < top + h; y++)
      for (let x = left; x < left + w; x++) data.set([r, g, b], (y * 40 + x) * 3);
  return sharp(data, { raw: { width: 40, height: 30, channels: 3 } })
    .png()
    .toBuffer();
}

describe('colourBounds (every colour in one scan)', () => {
  it('finds each colour within the tolerance, as a scan per colour does, and null for one absent', async () => {
    const pixels = await readPixels(
      await picture([
        [57, 73, 171, 2, 3, 10, 4],
        [60, 70, 180, 30, 20, 2, 2],
        [216, 27, 96, 5, 25, 1, 1],
      ]),
    );
    const colours = [
      [57, 73, 171],
      [216, 27, 96],
      [0, 200, 0],
      [58, 72, 170],
    ];
    const near =
      ([r0, g0, b0]: number[]) =>
      ([r, g, b]: [number, number, number]) =>
        Math.abs(r - r0) <= 12 && Math.abs(g - g0) <= 12 && Math.abs(b - b0) <= 12;
    expect(pixels.colourBounds(colours, 12)).toEqual(colours.map((c) => pixels.bounds(near(c))));
    expect(pixels.colourBounds(colours, 12)).toEqual([
      { left: 2, top: 3, right: 31, bottom: 21 },
      { left: 5, top: 25, right: 5, bottom: 25 },
      null,
      { left: 2, top: 3, right: 31, bottom: 21 },
    ]);
    // A tighter tolerance leaves out the second rectangle (9 off on blue).
    expect(pixels.colourBounds([[57, 73, 171]], 8)).toEqual([
      { left: 2, top: 3, right: 11, bottom: 6 },
    ]);
  });
});
