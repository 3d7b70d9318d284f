import sharp from 'sharp';
import type { RenderImage } from '../../src/rendering/model/email-content';
import { solidPng } from '../support/image-server';
import { isBlue, luminance } from '../support/pixels';
import { html } from './probe';

// Shared inputs of the dark mode and images-off probes of each family (its *.probes.ts):
// docs/research/dark-mode-and-images.md.
export const RED = 'https://img.test/red.png';
export const LOGO = 'https://img.test/logo.png';

/** A 200×60 red picture, and a 120×120 logo: a black square on a transparent field. */
export const images = async (): Promise<RenderImage[]> => [
  { url: RED, contentType: 'image/png', data: await solidPng(200, 60, [255, 0, 0]) },
  {
    url: LOGO,
    contentType: 'image/png',
    data: await sharp({
      create: { width: 120, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 40, height: 40, channels: 4, background: '#000000' },
          })
            .png()
            .toBuffer(),
          left: 40,
          top: 40,
        },
      ])
      .png()
      .toBuffer(),
  },
];

export const redPicture = html(`<img src="${RED}" width="200" height="60" style="display:block">`);
export const bright = (px: import('../support/pixels').Pixels) =>
  px.count((rgb) => luminance(rgb) > 200);
/** An image with blue 28px alt text in its inline style, 300×80. */
export const styledAlt = html(
  `<img src="${RED}" alt="Styled alt text" width="300" height="80" style="display:block;color:#0000ff;font:bold 28px Arial,sans-serif">`,
);
export const blueText = (px: import('../support/pixels').Pixels) => px.count(isBlue) > 80;
