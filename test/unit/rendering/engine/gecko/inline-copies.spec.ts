import { inlineCopies } from '../../../../../src/rendering/engine/gecko/inline-copies';
import { ASSET_ORIGIN } from '../../../../../src/rendering/model/email-content';

const image = (bytes: number, contentType = 'image/png') => ({
  url: 'https://img.example/x.png',
  contentType,
  data: Buffer.alloc(bytes, 7),
});
const dataUrl = (bytes: number, contentType = 'image/png') =>
  `data:${contentType};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('inlineCopies: stored copies written into the document Firefox loads', () => {
  it('writes each reference of a copy as its data URL, in attributes and CSS alike', () => {
    const served = new Map([['/0', image(10)]]);
    const html = `<img src="${ASSET_ORIGIN}/0"><div style="background:url(${ASSET_ORIGIN}/0)"></div>`;
    expect(inlineCopies(html, { served })).toBe(
      `<img src="${dataUrl(10)}"><div style="background:url(${dataUrl(10)})"></div>`,
    );
  });

  it('tells /1 from /10, and leaves an address it does not serve as it is', () => {
    const served = new Map([
      ['/1', image(3, 'image/gif')],
      ['/10', image(5)],
    ]);
    const html = `<img src="${ASSET_ORIGIN}/10"><img src="${ASSET_ORIGIN}/1"><img src="${ASSET_ORIGIN}/missing">`;
    expect(inlineCopies(html, { served })).toBe(
      `<img src="${dataUrl(5)}"><img src="${dataUrl(3, 'image/gif')}"><img src="${ASSET_ORIGIN}/missing">`,
    );
  });

  it('leaves the copies past its budget to be served as requests, the smallest written first', () => {
    const served = new Map([
      ['/0', image(7 * 1024 * 1024)],
      ['/1', image(100)],
    ]);
    const html = `<img src="${ASSET_ORIGIN}/0"><img src="${ASSET_ORIGIN}/1">`;
    expect(inlineCopies(html, { served })).toBe(
      `<img src="${ASSET_ORIGIN}/0"><img src="${dataUrl(100)}">`,
    );
  });
});
