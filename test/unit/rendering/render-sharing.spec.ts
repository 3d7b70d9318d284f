import { PixelInputs, renderKey, RenderSharing } from '../../../src/rendering/render-sharing';
import type { PreparedEmail } from '../../../src/rendering/prepare/prepare-task';

const shot = (tag: string) => ({
  full: Buffer.from(tag),
  thumb: Buffer.from(tag),
  thumb450: Buffer.from(tag),
});
const prepared = (html: string, image = 'png-bytes'): PreparedEmail => ({
  html,
  cpuMs: 0,
  report: [],
  fitsToWidth: false,
  served: new Map([
    ['/a.png', { url: 'https://x/a.png', contentType: 'image/png', data: Buffer.from(image) }],
  ]),
});
const INPUTS: PixelInputs = {
  engine: 'chromium',
  viewport: { width: 390, height: 844 },
  scale: 3,
  colorScheme: 'light',
  fitToWidth: true,
  colorblind: false,
};

describe('renderKey', () => {
  it('is the same for the same inputs, built separately', () => {
    expect(renderKey(prepared('<p>a</p>'), INPUTS)).toBe(
      renderKey(prepared('<p>a</p>'), { ...INPUTS, viewport: { width: 390, height: 844 } }),
    );
  });

  it.each<[string, PreparedEmail, PixelInputs]>([
    ['HTML', prepared('<p>b</p>'), INPUTS],
    ['image bytes', prepared('<p>a</p>', 'other-bytes'), INPUTS],
    ['viewport', prepared('<p>a</p>'), { ...INPUTS, viewport: { width: 375, height: 844 } }],
    ['scale', prepared('<p>a</p>'), { ...INPUTS, scale: 2 }],
    ['colours', prepared('<p>a</p>'), { ...INPUTS, colorScheme: 'dark' }],
    ['fit to width', prepared('<p>a</p>'), { ...INPUTS, fitToWidth: false }],
    ['colour-blind post-processing', prepared('<p>a</p>'), { ...INPUTS, colorblind: true }],
  ])('changes with the %s', (_what, other, inputs) => {
    expect(renderKey(other, inputs)).not.toBe(renderKey(prepared('<p>a</p>'), INPUTS));
  });
});

describe('RenderSharing', () => {
  it('renders once for concurrent requests of one key; the others share it', async () => {
    const sharing = new RenderSharing(16);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return shot('x');
    };
    const results = await Promise.all([1, 2, 3].map(() => sharing.share('k', render)));
    expect(renders).toBe(1);
    expect(results.map((result) => result.shared).sort()).toEqual([false, true, true]);
    expect((await sharing.share('k', render)).shared).toBe(true); // kept for a later client
    expect((await sharing.share('other', render)).shared).toBe(false);
    expect(renders).toBe(2);
  });

  it('does not keep a failure: the next request renders again', async () => {
    const sharing = new RenderSharing(16);
    await expect(
      sharing.share('k', async () => {
        throw new Error('renderer crashed');
      }),
    ).rejects.toThrow('renderer crashed');
    expect(await sharing.share('k', async () => shot('ok'))).toMatchObject({ shared: false });
  });

  it('shares nothing when given no memory', async () => {
    const sharing = new RenderSharing(0);
    await sharing.share('k', async () => shot('a'));
    expect((await sharing.share('k', async () => shot('b'))).shared).toBe(false);
  });
});
