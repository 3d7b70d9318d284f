import { mapWithConcurrency } from '../../../../../src/base/system/map-with-concurrency';
import { cssUrls } from '../../../../../src/domain/emails/resources/css-urls';
import { extractResourceReferences } from '../../../../../src/domain/emails/resources/html-references';

describe('extractResourceReferences: images', () => {
  it('finds img, srcset, background attributes, style attributes, style blocks and VML', () => {
    const html = `
      <style>@media (max-width: 600px) { .a { background: url("https://x.test/m.png") } }</style>
      <table background="https://x.test/bg.gif"><tr><td style="background-image:url(https://x.test/td.jpg)">
      <img src="https://x.test/a.png"><img src="https://x.test/a.png">
      <img srcset="https://x.test/s1.png 1x, https://x.test/s2.png 2x">
      <v:fill src="https://x.test/vml.png"></v:fill>
      <img src="cid:logo@mail"><img src="data:image/png;base64,AAA"><img src="/relative.png">
      </td></tr></table>`;
    const refs = extractResourceReferences(html);
    expect(refs.images.sort()).toEqual(
      [
        'https://x.test/a.png',
        'https://x.test/bg.gif',
        'https://x.test/m.png',
        'https://x.test/s1.png',
        'https://x.test/s2.png',
        'https://x.test/td.jpg',
        'https://x.test/vml.png',
      ].sort(),
    );
    expect(refs.contentIds).toEqual(['logo@mail']);
  });

  it('ignores CSS it cannot parse', () => {
    expect(cssUrls('a { background: url(')).toEqual([]);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps order and never exceeds the limit', async () => {
    let running = 0;
    let peak = 0;
    const result = await mapWithConcurrency([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return n * 10;
    });
    expect(result).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});

describe('images inside conditional comments', () => {
  it('finds the images only Outlook shows: VML fills and images, [if mso] markup', () => {
    const { images } = extractResourceReferences(
      `<!--[if gte mso 9]><v:rect><v:fill type="tile" src="https://img.test/vml-fill.png" color="#000" /></v:rect><v:image src="https://img.test/vml-image.png" /><img src="https://img.test/mso-only.png"><![endif]--><!--[if !mso]><!--><img src="https://img.test/web.png"><!--<![endif]-->`,
    );
    expect(images).toEqual([
      'https://img.test/mso-only.png',
      'https://img.test/web.png',
      'https://img.test/vml-fill.png',
      'https://img.test/vml-image.png',
    ]);
  });
});
