import sharp from 'sharp';
import { finishedImage, makeImageSizes } from '../../../../src/rendering/engine/image-sizes';
import { isGreen, readPixels } from '../../../support/pixels';

const WIDTH = 300;
const HEIGHT = 400;
const green = () => Buffer.alloc(WIDTH * HEIGHT * 3).fill(Buffer.from([0, 170, 0]));
const greenPng = () =>
  sharp(green(), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
const isMarker = ([r, g, b]: [number, number, number]) => r > 150 && g < 40 && b < 60;
const foot = { left: 0, top: HEIGHT - 40, right: WIDTH, bottom: HEIGHT };

describe('finishedImage: the full picture of a shot', () => {
  it("is an engine's PNG itself when it needs no mark", async () => {
    const png = await greenPng();
    expect(await finishedImage({ png }, {})).toBe(png);
  });

  it.each(['png', 'pixels'])(
    'marks a cut capture at its foot (a shot as %s), the rest as drawn',
    async (kind) => {
      let released = 0;
      const shot =
        kind === 'png'
          ? { png: await greenPng() }
          : {
              pixels: { data: green(), width: WIDTH, height: HEIGHT },
              release: () => released++,
            };
      const full = await finishedImage(shot, { truncatedAt: 400 });
      const pixels = await readPixels(full);
      expect(pixels.width).toBe(WIDTH);
      expect(pixels.height).toBe(HEIGHT);
      expect(pixels.count(isMarker, foot)).toBeGreaterThan(WIDTH * 20);
      expect(pixels.count(isGreen, { left: 0, top: 0, right: WIDTH, bottom: HEIGHT - 40 })).toBe(
        WIDTH * (HEIGHT - 40),
      );
      expect(released).toBe(kind === 'png' ? 0 : 1);
    },
  );

  it('encodes raw pixels, and gives their memory back even when they cannot be encoded', async () => {
    let released = 0;
    const full = await finishedImage(
      { pixels: { data: green(), width: WIDTH, height: HEIGHT }, release: () => released++ },
      {},
    );
    expect((await readPixels(full)).count(isGreen)).toBe(WIDTH * HEIGHT);
    const broken = { data: Buffer.alloc(10), width: WIDTH, height: HEIGHT };
    await expect(
      finishedImage({ pixels: broken, release: () => released++ }, {}),
    ).rejects.toThrow();
    expect(released).toBe(2);
  });

  it('recolours the colour-blind profile: green is no longer green', async () => {
    const full = await finishedImage({ png: await greenPng() }, { colorblind: true });
    expect((await readPixels(full)).count(isGreen)).toBe(0);
  });

  it('gives the sizes, digest and thumbnails of the finished picture', async () => {
    const full = await finishedImage({ png: await greenPng() }, { truncatedAt: 400 });
    const sizes = await makeImageSizes(full, { viewportAspect: 0.5 });
    expect([sizes.width, sizes.height, sizes.thumbnailTop]).toEqual([WIDTH, HEIGHT, 150]);
    expect(sizes.digest).toMatch(/^[0-9a-f]{64}$/);
    const { thumb450, thumb } = await sizes.thumbnails();
    expect((await sharp(thumb450).metadata()).width).toBe(450);
    expect((await sharp(thumb).metadata()).width).toBe(120);
  });
});
