import type { RenderImage } from '../../src/rendering/model/email-content';
import { solidPng } from '../support/image-server';
import { isRed, Pixels } from '../support/pixels';

/** Shared inputs of the Outlook for Windows probes. */
export const RED_PNG = 'https://img.test/red.png';
export const WIDE_PNG = 'https://img.test/wide.png';
export const images = async (): Promise<RenderImage[]> => [
  { url: RED_PNG, contentType: 'image/png', data: await solidPng(20, 20, [255, 0, 0]) },
  { url: WIDE_PNG, contentType: 'image/png', data: await solidPng(1200, 20, [255, 0, 0]) },
];
export const RED_GIF_1PX =
  'data:image/gif;base64,R0lGODlhAQABAIAAAP8AAAAAACH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==';

export const box = (pixels: Pixels, test: (rgb: [number, number, number]) => boolean) =>
  pixels.bounds(test);
export const hasRed = (pixels: Pixels) => pixels.count(isRed) > 200;
export const noRed = (pixels: Pixels) => pixels.count(isRed) === 0;
export const redBlock = (extra = '') =>
  `<table cellpadding="0" cellspacing="0"><tr><td bgcolor="#ff0000" width="200" height="40" ${extra}>&nbsp;</td></tr></table>`;
export const APPLE = ['APPMAIL15'];

/** One table cell with the given style, the box model's unit in Word. */
export const cell = (style: string, content = '&nbsp;', attributes = '') =>
  `<table cellpadding="0" cellspacing="0"><tr><td ${attributes} style="${style}">${content}</td></tr></table>`;
