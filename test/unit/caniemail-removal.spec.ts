import {
  activeFeatures,
  removeUnsupported,
} from '../../src/rendering/caniemail/remove-unsupported';
import { supportOf, featureBySlug } from '../../src/rendering/caniemail/support-table';
import { parseEmail } from '../../src/rendering/transforms/email-document';
import { RenderReport } from '../../src/rendering/transforms/render-report';

const OUTLOOK_2019 = { family: 'outlook', platform: 'windows', version: '2019' };
const APPLE_MAIL_IOS = { family: 'apple-mail', platform: 'ios' };
const GMAIL_WEB = { family: 'gmail', platform: 'desktop-webmail' };

describe('caniemail support data', () => {
  it('reads the exact version, else the latest test', () => {
    const radius = featureBySlug('css-border-radius')!;
    expect(supportOf(radius, OUTLOOK_2019)).toMatch(/^n/);
    expect(supportOf(radius, APPLE_MAIL_IOS)).toMatch(/^y/);
    expect(supportOf(radius, { family: 'nobody', platform: 'x' })).toBeUndefined();
  });

  it('knows a matcher for most features a Word-engine client lacks', () => {
    const slugs = activeFeatures(OUTLOOK_2019).map((entry) => entry.feature.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['css-border-radius', 'css-at-media', 'css-display-flex']),
    );
    // caniemail marks max-width as partial ('a') in Outlook 2019: it is kept
    expect(slugs).not.toContain('css-max-width');
  });
});

describe('removeUnsupported', () => {
  const html = `<!DOCTYPE html><html><head><style>
      .card { border-radius: 8px; color: #333 }
      @media (max-width: 600px) { .card { width: 100% } }
      @font-face { font-family: X; src: url(x.woff) }
      .a + .b { color: red }
    </style></head><body>
      <div class="card" style="border-radius: 8px; max-width: 600px; display: flex; color: red">x</div>
      <video src="v.mp4"><p id="fallback">fallback</p></video>
      <svg id="svg"><rect width="1" height="1"/></svg>
    </body></html>`;

  it('removes what Outlook 2019 does not support and reports it by slug', () => {
    const $ = parseEmail(html);
    const report = new RenderReport();
    removeUnsupported($, OUTLOOK_2019, report);
    const inline = $('div.card').attr('style') ?? '';
    expect(inline).not.toContain('border-radius');
    expect(inline).not.toContain('display');
    expect(inline).toContain('color: red');
    const css = $('style').text();
    expect(css).not.toContain('border-radius');
    expect(css).not.toContain('@media');
    expect(css).not.toContain('.a + .b');
    expect(css).toContain('@font-face'); // partial support ('a') keeps it
    expect($('video').length).toBe(0);
    expect($('#fallback').length).toBe(1);
    const slugs = report.list().map((entry) => entry.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'css-border-radius',
        'css-display-flex',
        'html-video',
        'css-at-media',
        'css-selector-adjacent-sibling',
      ]),
    );
    const radius = report
      .list()
      .find((entry) => entry.slug === 'css-border-radius' && entry.where === 'style attribute');
    expect(radius).toMatchObject({ title: expect.any(String), count: 1 });
  });

  it('leaves Apple Mail iOS alone where it supports everything used', () => {
    const $ = parseEmail(html);
    removeUnsupported($, APPLE_MAIL_IOS, new RenderReport());
    expect($('div.card').attr('style')).toContain('border-radius: 8px');
    expect($('style').text()).toContain('@media');
    expect($('svg').length).toBe(1);
  });

  it('removes selectors and at-rules Gmail does not support', () => {
    const $ = parseEmail(html);
    const report = new RenderReport();
    removeUnsupported($, GMAIL_WEB, report);
    const css = $('style').text();
    expect(css).toContain('@media');
    expect(css).not.toContain('@font-face');
    expect(report.list().some((entry) => entry.slug === 'css-at-font-face')).toBe(true);
  });
});
