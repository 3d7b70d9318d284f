import { applyAppleDarkMode } from '../../../../../src/rendering/families/apple-mail/dark-mode';
import {
  detect,
  DetectorType,
  disabledByMeta,
} from '../../../../../src/rendering/families/apple-mail/data-detector-patterns';
import { applyDataDetectors } from '../../../../../src/rendering/families/apple-mail/data-detectors';
import { applyMinimumTextSize } from '../../../../../src/rendering/families/apple-mail/minimum-text-size';
import { parseEmail } from '../../../../../src/rendering/model/email-document';
import { RenderReport } from '../../../../../src/rendering/model/render-report';
import { preparationFor } from '../../../../support/preparation';

const ALL = new Set<DetectorType>(['telephone', 'calendar-event', 'address']);
const found = (text: string) => detect(text, ALL).map((d) => [d.type, d.text]);

describe('iOS data detector patterns', () => {
  it('finds phone numbers in their usual forms', () => {
    for (const phone of ['555-123-4567', '(555) 123-4567', '+1 555 123 4567', '+44 20 7946 0958'])
      expect(found(`Call ${phone} today.`)).toContainEqual(['telephone', phone]);
  });

  it('finds dates and times, joined when they follow each other', () => {
    expect(found('Meet on Tuesday, March 5 at 3pm please')).toEqual([
      ['calendar-event', 'Tuesday, March 5 at 3pm'],
    ]);
    expect(found('Due 12/25/2025.')).toEqual([['calendar-event', '12/25/2025']]);
    expect(found('Doors open 10:30 AM')).toEqual([['calendar-event', '10:30 AM']]);
  });

  it('finds street addresses', () => {
    expect(found('Visit 1 Infinite Loop, Cupertino, CA 95014 soon')).toEqual([
      ['address', '1 Infinite Loop, Cupertino, CA 95014'],
    ]);
  });

  it('leaves ordinary numbers and words alone', () => {
    expect(found('Version 2.3.4, 42 items, 2025-03-05, order 1234, the Sun and may')).toEqual([]);
  });

  it('reads the format-detection meta', () => {
    expect([...disabledByMeta('telephone=no, date=no, address=yes, email=no')]).toEqual([
      'telephone',
      'calendar-event',
    ]);
  });
});

describe('iOS data detectors', () => {
  it('wraps what it detects in the links iOS Mail writes, outside existing links', () => {
    const $ = parseEmail(
      '<p>Call 555-123-4567 <b>or</b> <a href="#">555-765-4321</a> on Friday</p>',
    );
    const report = new RenderReport();
    applyDataDetectors($, report);
    const links = $('a[x-apple-data-detectors="true"]');
    expect(links.map((_i, a) => $(a).attr('x-apple-data-detectors-type')).get()).toEqual([
      'telephone',
      'calendar-event',
    ]);
    expect(links.first().attr('href')).toBe('tel:5551234567');
    expect($('p').text()).toBe('Call 555-123-4567 or 555-765-4321 on Friday');
    expect(report.list().map((e) => e.title)).toContain(
      'Phone numbers turned into links by iOS data detectors',
    );
  });

  it('honours format-detection', () => {
    const $ = parseEmail(
      '<html><head><meta name="format-detection" content="telephone=no"></head><body>Call 555-123-4567 on Friday</body></html>',
    );
    applyDataDetectors($, new RenderReport());
    expect($('a').attr('x-apple-data-detectors-type')).toBe('calendar-event');
    expect($('a').length).toBe(1);
  });
});

describe('iOS minimum text size', () => {
  it('floors font sizes at 13px, except where -webkit-text-size-adjust turns it off', () => {
    const $ = parseEmail(`<html><head><style>.s { font-size: 10px !important }
      .f { font: bold 11px/1.2 Arial } .n { -webkit-text-size-adjust: none }
      .p { -webkit-text-size-adjust: 100% } .a { -webkit-text-size-adjust: auto }</style></head>
      <body><p style="font-size: x-small">x</p><h6>h</h6></body></html>`);
    applyMinimumTextSize($, new RenderReport());
    const css = $('style:not(#ip-ios-text-size)').text();
    expect(css).toContain('font-size: max(var(--ip-ios-min-font, 13px), 10px) !important');
    expect(css).toMatch(
      /font: bold 11px\/1.2 Arial;\s*font-size: max\(var\(--ip-ios-min-font, 13px\), 11px\)/,
    );
    expect(css).toMatch(/\.n \{ -webkit-text-size-adjust: none;\s*--ip-ios-min-font: 0px/);
    expect(css).toMatch(/\.p \{ -webkit-text-size-adjust: 100%;\s*--ip-ios-min-font: 0px/);
    expect(css).toMatch(/\.a \{ -webkit-text-size-adjust: auto;\s*--ip-ios-min-font: 13px/);
    expect($('p').attr('style')).toBe('font-size: max(var(--ip-ios-min-font, 13px), 10px)');
    expect($('#ip-ios-text-size').text()).toContain('h6 { font-size: max(');
  });
});

describe('Apple Mail dark mode', () => {
  const dark = (code: string, html: string) => {
    const p = preparationFor(html, code);
    applyAppleDarkMode(p);
    return { $: p.$, report: p.report, titles: p.report.list().map((e) => e.title) };
  };
  const media = '<style>@media (prefers-color-scheme: dark) { .a { color: red } }</style>';

  it('keeps dark styles when the root declares color-scheme: light dark', () => {
    const { $, titles } = dark(
      'IPHONE15DARK',
      `<html><head><style>:root { color-scheme: light dark }</style>${media}</head><body><p class="a">x</p></body></html>`,
    );
    expect($('style').text()).toContain('(prefers-color-scheme: dark)');
    expect(titles[0]).toMatch(/Dark mode styles apply/);
  });

  it('ignores dark styles without the declaration; a meta counts on macOS only', () => {
    const meta = '<meta name="color-scheme" content="light dark">';
    const html = `<html><head>${meta}${media}</head><body><p class="a" style="background:#fff">x</p></body></html>`;
    const ios = dark('IPHONE15DARK', html);
    expect(ios.$('style').text()).toContain('(max-width: 0px)');
    expect(ios.$('meta[name="color-scheme"]').length).toBe(0);
    expect(ios.titles).toContain('Dark mode: a designed email without color-scheme is shown light');
    const mac = dark('APPMAIL16DARK', html);
    expect(mac.$('style').text()).toContain('(prefers-color-scheme: dark)');
  });

  it('darkens a simple email and lightens its dark text', () => {
    const { $, titles } = dark(
      'APPMAIL16DARK',
      '<html><head></head><body><p style="color:#111111">Hello</p></body></html>',
    );
    expect($('#ip-apple-auto-dark').text()).toContain('html { background: #1e1e1e');
    expect($('p').attr('style')).toBe('color:#ededed');
    expect(titles[0]).toMatch(/simple email is darkened/);
  });

  it('does nothing on light Apple profiles or other clients', () => {
    expect(dark('IPHONE15', `<html><head>${media}</head><body>x</body></html>`).titles).toEqual([]);
    expect(
      dark('OUTLOOKMACDARK', `<html><head>${media}</head><body>x</body></html>`).titles,
    ).toEqual([]);
  });
});
