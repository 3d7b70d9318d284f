import { applyCaniemail } from '../../../../src/rendering/caniemail/apply-caniemail';
import { createPreparation } from '../../../../src/rendering/model/preparation';
import { clientFeatures } from '../../../../src/rendering/caniemail/client-features';
import { featureBySlug, supportOf } from '../../../../src/rendering/caniemail/support-table';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { familyOf } from '../../../../src/rendering/families/lookup';
import { preparationFor } from '../../../support/preparation';

const OUTLOOK_2019 = { family: 'outlook', platform: 'windows', version: '2019' };
const APPLE_MAIL_IOS = { family: 'apple-mail', platform: 'ios' };

/** Runs the caniemail stage alone on an email for a client code. */
function caniemail(html: string, code: string) {
  const p = preparationFor(html, code);
  const dropsDoctype = applyCaniemail(p);
  return { $: p.$, report: p.report.list(), dropsDoctype };
}

describe('caniemail support data', () => {
  it('reads the exact version, else the latest test', () => {
    const radius = featureBySlug('css-border-radius')!;
    expect(supportOf(radius, OUTLOOK_2019)).toMatch(/^n/);
    expect(supportOf(radius, APPLE_MAIL_IOS)).toMatch(/^y/);
    expect(supportOf(radius, { family: 'nobody', platform: 'x' })).toBeUndefined();
  });

  it("reads a numbered version's newest test at or below it, or the oldest when older than all", () => {
    const ios = (version: string) => ({ family: 'apple-mail', platform: 'ios', version });
    const adjust = featureBySlug('css-font-size-adjust')!; // iOS 16: n, 17: y
    expect(supportOf(adjust, ios('15.0'))).toBe('n');
    expect(supportOf(adjust, ios('17.0'))).toBe('y');
    const nesting = featureBySlug('css-nesting')!; // iOS 16.6: a #1, 17.2: y
    expect(supportOf(nesting, ios('17.0'))).toBe('a #1');
    expect(supportOf(nesting, ios('15.0'))).toBe('a #1'); // older than every test: the oldest
    expect(supportOf(nesting, ios('18.0'))).toBe('y');
  });

  it('reads unsupported features and partial-support notes of a client as rules', () => {
    const ol2019 = clientCatalog.find('OL2019')!;
    const features = clientFeatures(ol2019, familyOf(ol2019));
    const slug = (name: string) => features.find((entry) => entry.feature.slug === name);
    expect(slug('css-border-radius')?.unsupported).toBe(true);
    expect(slug('css-width')?.unsupported).toBe(false);
    expect(slug('css-width')?.notes.map((note) => note.number)).toEqual(['1']);
    expect(slug('css-padding')?.notes.map((note) => note.number)).toEqual(['1']);
  });
});

describe('applyCaniemail', () => {
  const html = `<!DOCTYPE html><html><head><style>
      .card { border-radius: 8px; color: #333 }
      @media (max-width: 600px) { .card { width: 100% } }
      .a + .b { color: red }
    </style></head><body>
      <div class="card" style="border-radius: 8px; display: flex; color: red">x</div>
      <video src="v.mp4"><p id="fallback">fallback</p></video>
      <svg id="svg"><rect width="1" height="1"/></svg>
    </body></html>`;

  it('removes what Outlook 2019 does not support and reports it with its source', () => {
    const { $, report } = caniemail(html, 'OL2019');
    const inline = $('div.card').attr('style') ?? '';
    expect(inline).not.toContain('border-radius');
    expect(inline).not.toContain('display');
    expect(inline).toContain('color: red');
    const css = $('style').text();
    expect(css).not.toContain('border-radius');
    expect(css).not.toContain('@media');
    expect(css).not.toContain('.a + .b');
    expect($('video').length).toBe(0);
    expect($('#fallback').length).toBe(1);
    expect(report.map((entry) => entry.slug)).toEqual(
      expect.arrayContaining([
        'css-border-radius',
        'css-display-flex',
        'html-video',
        'css-at-media',
      ]),
    );
    const radius = report.find(
      (e) => e.slug === 'css-border-radius' && e.where === 'style attribute',
    );
    expect(radius).toMatchObject({ count: 1, source: 'caniemail css-border-radius' });
  });

  it('leaves Apple Mail iOS alone where it supports everything used', () => {
    const { $ } = caniemail(html, 'IPHONE13');
    expect($('div.card').attr('style')).toContain('border-radius: 8px');
    expect($('style').text()).toContain('@media');
    expect($('svg').length).toBe(1);
  });

  it('applies a partial note as it says: width and height not on div or p in Outlook', () => {
    const { $, report } = caniemail(
      `<div id="d" style="width:300px;height:50px"></div><table><tr><td id="c" style="width:300px;height:50px"></td></tr></table><img id="i" style="width:300px;height:50px">`,
      'OL2019',
    );
    expect($('#d').attr('style')).toBeUndefined();
    expect($('#c').attr('style')).toBe('width:300px;height:50px');
    expect($('#i').attr('style')).toBe('height:50px');
    expect(report.find((e) => e.slug === 'css-width')?.source).toBe('caniemail css-width #1');
  });

  it('padding only on table cells in Outlook, judged by the elements a style rule matches', () => {
    const { $ } = caniemail(
      `<style>.pad { padding: 20px } .cell { padding: 10px }</style><div class="pad"></div><table><tr><td class="cell"></td></tr></table>`,
      'OL2019',
    );
    expect($('style').text()).not.toContain('padding: 20px');
    expect($('style').text()).toContain('padding: 10px');
  });

  it('drops !important inline declarations in Outlook (email-bugs#31) but keeps them in blocks', () => {
    const { $, report } = caniemail(
      `<style>p { color: red !important }</style><p style="color: blue !important; margin: 0">x</p>`,
      'OL2019',
    );
    expect($('p').attr('style')).toBe('margin: 0');
    expect($('style').text()).toContain('!important');
    expect(report.some((e) => e.source.includes('css-important #5'))).toBe(true);
  });

  it("turns Yahoo's height into min-height instead of removing it", () => {
    const { $ } = caniemail(`<div style="height:40px">x</div>`, 'YAHOO');
    expect($('div').attr('style')).toBe('min-height:40px');
  });

  it("drops Gmail's whole <style> block over rgb() whitespace syntax, and the whole attribute", () => {
    const { $ } = caniemail(
      `<style>.a { color: rgb(0 128 0) } .b { color: red }</style><p style="color: rgb(0 0 255); margin: 0">x</p><p id="ok" style="color: rgb(0, 0, 255)">y</p>`,
      'GMAILNEW',
    );
    expect($('style').length).toBe(0);
    expect($('p').first().attr('style')).toBeUndefined();
    expect($('#ok').attr('style')).toBe('color: rgb(0, 0, 255)');
  });

  it('treats "not supported with non Google accounts" as unsupported only for those apps', () => {
    const email = `<style>.a { color: red }</style><p class="a" style="display:flex">x</p>`;
    expect(caniemail(email, 'ANDROIDGMAILAPP').$('p').attr('style')).toBe('display:flex');
    expect(caniemail(email, 'ANDROIDGMAILIMAP').$('p').attr('style')).toBeUndefined();
  });

  it("moves a nested rule's declarations into its parent in Yahoo (css-nesting #3), drops it in Gmail", () => {
    const nested = '<style>.a { color: red; .b { color: green } & .c { margin: 0 } }</style>';
    const yahoo = caniemail(`<html><head>${nested}</head><body></body></html>`, 'YAHOO');
    expect(yahoo.$('style').text()).toBe('.a { color: red; color: green; margin: 0 }');
    expect(yahoo.report).toContainEqual(
      expect.objectContaining({
        slug: 'css-nesting',
        source: 'caniemail css-nesting #3',
        count: 2,
      }),
    );
    const gmail = caniemail(`<html><head>${nested}</head><body></body></html>`, 'GMAILNEW');
    expect(gmail.$('style').text()).toBe('.a { color: red }');
  });

  it('reports a partial note it cannot emulate, keeping the feature', () => {
    const { $, report } = caniemail(`<p style="letter-spacing:-0.5em">x</p>`, 'OL2019');
    expect($('p').attr('style')).toBe('letter-spacing:-0.5em');
    expect(
      report.some((e) => e.slug === 'css-letter-spacing' && /not emulated/.test(e.title)),
    ).toBe(true);
  });
});

describe('background in Outlook (caniemail css-background #3)', () => {
  it('keeps a colour-only shorthand as background-color and drops one that names an image', () => {
    const p = preparationFor(
      `<table><tr><td id="a" style="background:#ff0000"></td><td id="b" style="background:#ff0000 url(x.png) repeat"></td></tr></table>`,
      'OL2019',
    );
    applyCaniemail(p);
    expect(p.$('#a').attr('style')).toBe('background-color:#ff0000');
    expect(p.$('#b').attr('style')).toBeUndefined();
  });
});

describe('a feature taken out of a profile (ClientProfile.without, the conformance oracle)', () => {
  it('is removed whole: a partial note no longer keeps part of it', () => {
    const ol2019 = clientCatalog.find('OL2019')!;
    const without = {
      ...ol2019,
      code: 'OL2019~without~css-background',
      without: ['css-background'],
    };
    const entry = clientFeatures(without, familyOf(without)).find(
      (f) => f.feature.slug === 'css-background',
    )!;
    expect(entry).toMatchObject({ unsupported: true, notes: [] });
    const html = `<table><tr><td style="background:#ff0000"></td></tr></table>`;
    const p = createPreparation({ html, text: null, images: [] }, without, familyOf(without), {
      images: 'allowed',
      orientation: 'vertical',
    });
    applyCaniemail(p);
    // with the note, OL2019 keeps it as background-color (above); taken out, nothing is left
    expect(p.$('td').attr('style')).toBeUndefined();
  });
});
