import { readFileSync } from 'fs';
import { join } from 'path';
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import type { CheckFinding } from '../../../../../src/rendering/model/check-finding';
import {
  elementPath,
  HTML_CHECK_IDS,
  htmlChecks,
  HtmlCheckInput,
  IMAGE_BYTES_BUDGET,
  MAX_FINDINGS_PER_ID,
  TOTAL_IMAGE_BYTES_BUDGET,
} from '../../../../../src/domain/checks/html/html-checks';

const WCAG = 'https://www.w3.org/TR/WCAG22/';
const SOURCE = {
  imgAlt: `WCAG 2.2 SC 1.1.1 Non-text Content (${WCAG}#non-text-content)`,
  htmlLang: `WCAG 2.2 SC 3.1.1 Language of Page (${WCAG}#language-of-page)`,
  tableRole:
    `WCAG 2.2 SC 1.3.1 Info and Relationships (${WCAG}#info-and-relationships), ` +
    'WAI-ARIA 1.2 presentation role (https://www.w3.org/TR/wai-aria-1.2/#presentation)',
  linkText: `WCAG 2.2 SC 2.4.4 Link Purpose (In Context) (${WCAG}#link-purpose-in-context)`,
  linkName:
    `WCAG 2.2 SC 2.4.4 Link Purpose (In Context) (${WCAG}#link-purpose-in-context), ` +
    `SC 4.1.2 Name, Role, Value (${WCAG}#name-role-value)`,
  anchor:
    'HTML Living Standard: the a element (https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-a-element)',
  url: 'WHATWG URL Standard (https://url.spec.whatwg.org/)',
  https: 'W3C TAG finding: Securing the Web, 2015 (https://www.w3.org/2001/tag/doc/web-https)',
  htmlWidth: 'caniemail: width attribute (https://www.caniemail.com/features/html-width/)',
  htmlHeight: 'caniemail: height attribute (https://www.caniemail.com/features/html-height/)',
  cssWidth: 'caniemail: width (https://www.caniemail.com/features/css-width/)',
  weight:
    'Lighthouse: Avoid enormous network payloads (https://developer.chrome.com/docs/lighthouse/performance/total-byte-weight/)',
  imgMissing:
    'HTML Living Standard: the img element (https://html.spec.whatwg.org/multipage/embedded-content.html#the-img-element)',
  preview:
    'Litmus: The Ultimate Guide to Preview Text (https://www.litmus.com/blog/the-ultimate-guide-to-preview-text-support)',
};

const HIDDEN_PREHEADER =
  '<div style="display:none; max-height:0; overflow:hidden; mso-hide:all;">Preview text for the inbox.</div>';

/** An otherwise clean email around `body`: lang set, a hidden preheader first. */
function email(body: string, { preheader = HIDDEN_PREHEADER, head = '' } = {}): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Test</title>${head}</head><body>${preheader}${body}</body></html>`;
}

/** Every id some test saw, to check below that no id goes untested. */
const seen = new Set<string>();

function check(html: string, images: HtmlCheckInput['images'] = []): CheckFinding[] {
  const findings = htmlChecks({ html, images });
  for (const finding of findings) seen.add(finding.id);
  return findings;
}

/** The one finding the snippet must yield, and nothing else. */
function only(html: string, images: HtmlCheckInput['images'] = []): CheckFinding {
  const findings = check(html, images);
  expect(findings).toHaveLength(1);
  return findings[0];
}

const IMG = 'src="https://cdn.example.com/a.png" width="100" height="50"';

describe('htmlChecks', () => {
  it('finds nothing in a clean, accessible email', () => {
    const html = readFileSync(join(__dirname, '../../../../fixtures/checks/clean.html'), 'utf8');
    const images = [
      { url: 'https://cdn.example.com/email/logo.png', status: 'stored' as const, bytes: 4_210 },
      { url: 'https://cdn.example.com/email/parcel.jpg', status: 'stored' as const, bytes: 88_000 },
    ];
    expect(htmlChecks({ html, images })).toEqual([]);
  });

  describe('img-alt', () => {
    it('reports an image without alt as an error under WCAG 1.1.1', () => {
      const finding = only(email(`<img ${IMG}>`));
      expect(finding).toMatchObject({ id: 'img-alt', severity: 'error', source: SOURCE.imgAlt });
      expect(finding.element).toBe('body > img');
      expect(finding.message).toContain('a.png');
    });

    it('accepts alt="" (decorative), a described image and aria-label', () => {
      expect(
        check(email(`<img ${IMG} alt=""><img ${IMG} alt="Logo"><img ${IMG} aria-label="Logo">`)),
      ).toEqual([]);
    });
  });

  describe('html-lang', () => {
    it('reports an <html> without lang', () => {
      const finding = only(email('<p>Hello</p>').replace(' lang="en"', ''));
      expect(finding).toMatchObject({
        id: 'html-lang',
        severity: 'warning',
        source: SOURCE.htmlLang,
      });
      expect(finding.message).toContain('has no lang attribute');
    });

    it('reports an empty lang, and a fragment with no <html> at all', () => {
      expect(only(email('<p>Hi</p>').replace('lang="en"', 'lang=" "')).id).toBe('html-lang');
      const fragment = only(`${HIDDEN_PREHEADER}<p>Hello</p>`);
      expect(fragment).toMatchObject({ id: 'html-lang', source: SOURCE.htmlLang });
      expect(fragment.message).toContain('no <html> element');
    });
  });

  describe('table-role', () => {
    it('reports all layout tables without role="presentation" in one finding', () => {
      const cell = '<tr><td>Text</td></tr>';
      const finding = only(
        email(
          `<table role="presentation">${cell}</table><table>${cell}</table>` +
            `<table role="none">${cell}</table><table>${cell}</table>`,
        ),
      );
      expect(finding).toMatchObject({
        id: 'table-role',
        severity: 'warning',
        source: SOURCE.tableRole,
      });
      expect(finding.message).toMatch(/^2 layout tables lack/);
      expect(finding.element).toBe('body > table:nth-of-type(2)');
    });

    it('leaves data tables alone, but not the layout table around one', () => {
      const data = [
        '<table><tr><th>Item</th></tr><tr><td>Shoes</td></tr></table>',
        '<table><caption>Order</caption><tr><td>Shoes</td></tr></table>',
        '<table><thead><tr><td>Item</td></tr></thead></table>',
        '<table summary="Your order"><tr><td>Shoes</td></tr></table>',
      ];
      expect(check(email(data.join('')))).toEqual([]);
      const outer = only(email(`<table id="outer"><tr><td>${data[0]}</td></tr></table>`));
      expect(outer).toMatchObject({ id: 'table-role', element: 'table#outer' });
      expect(outer.message).toMatch(/^A layout table lacks/);
    });
  });

  describe('link-text', () => {
    it('reports vague link text, whatever its case and punctuation', () => {
      for (const text of ['Click here', 'Read more »', 'LEARN MORE →', 'here.', 'More info...']) {
        const finding = only(email(`<p><a href="https://example.com/sale">${text}</a></p>`));
        expect(finding).toMatchObject({
          id: 'link-text',
          severity: 'warning',
          source: SOURCE.linkText,
        });
        expect(finding.element).toBe('body > p > a');
      }
    });

    it('reads an image link by its alt text, and accepts a descriptive aria-label', () => {
      const image = only(email(`<a href="https://example.com/"><img ${IMG} alt="More"></a>`));
      expect(image.id).toBe('link-text');
      expect(
        check(
          email(
            '<a href="https://example.com/" aria-label="Read more about the sale">Read more</a>',
          ),
        ),
      ).toEqual([]);
    });

    it(`stops at ${MAX_FINDINGS_PER_ID} findings`, () => {
      const links = '<a href="https://example.com/">here</a>'.repeat(MAX_FINDINGS_PER_ID + 5);
      const findings = check(email(links));
      expect(findings).toHaveLength(MAX_FINDINGS_PER_ID);
      expect(new Set(findings.map((f) => f.id))).toEqual(new Set(['link-text']));
    });
  });

  describe('link-malformed', () => {
    it.each([
      ['a relative URL', 'sale/shoes', 'relative'],
      ['a missing colon', 'http//example.com', 'colon'],
      ['a single slash', 'https:/example.com', 'two slashes'],
      ['a space', 'https://example.com/spring sale', 'whitespace'],
      ['a misspelt scheme', 'htps://example.com', 'misspelt'],
      ['an empty mailto', 'mailto:', 'no address'],
      ['a host the parser rejects', 'https://exa[mple.com/', 'rejects'],
    ])('reports %s', (_, href, reason) => {
      const finding = only(email(`<a href="${href}">Spring sale on shoes</a>`));
      expect(finding).toMatchObject({
        id: 'link-malformed',
        severity: 'error',
        source: SOURCE.url,
      });
      expect(finding.message).toContain(reason);
    });

    it('accepts https, mailto, tel, anchors that exist and merge tags', () => {
      const links = [
        'https://example.com/a?b=c#d',
        'mailto:help@example.com?subject=Order%204821',
        'tel:+15550100',
        '#terms',
        '{{unsubscribe_url}}',
        '*|UNSUB|*',
        '%%view_email_url%%',
      ]
        .map((href) => `<a href="${href}">Our terms of sale</a>`)
        .join('');
      expect(check(email(`${links}<p id="terms">Terms</p>`))).toEqual([]);
    });
  });

  describe('link-insecure', () => {
    it('reports an http link', () => {
      const finding = only(email('<a href="http://example.com/sale">Spring sale on shoes</a>'));
      expect(finding).toMatchObject({
        id: 'link-insecure',
        severity: 'warning',
        source: SOURCE.https,
      });
      expect(finding.message).toContain('http://example.com/sale');
    });
  });

  describe('link-empty', () => {
    it('reports a link with no accessible name as an error', () => {
      for (const link of [
        '<a href="https://example.com/"></a>',
        `<a href="https://example.com/"><img ${IMG} alt=""></a>`,
        '<a href="#">&nbsp;</a>',
      ]) {
        const finding = only(email(link));
        expect(finding).toMatchObject({
          id: 'link-empty',
          severity: 'error',
          source: SOURCE.linkName,
        });
      }
    });

    it('reports a link that goes nowhere as a warning', () => {
      for (const link of [
        '<a href="">Spring sale</a>',
        '<a href="#">Spring sale</a>',
        '<a href="#nowhere">Spring sale</a>',
        '<a>Spring sale</a>',
      ]) {
        const finding = only(email(link));
        expect(finding).toMatchObject({
          id: 'link-empty',
          severity: 'warning',
          source: SOURCE.anchor,
        });
      }
    });

    it('leaves fragment targets (<a name>) alone', () => {
      expect(
        check(email('<a name="top"></a><a id="faq"></a><a href="#faq">Questions</a>')),
      ).toEqual([]);
    });
  });

  describe('img-dimensions', () => {
    const src = 'src="https://cdn.example.com/hero.jpg" alt="Hero"';

    it('reports a missing width under caniemail html-width, a missing height under html-height', () => {
      const width = only(email(`<img ${src} height="50">`));
      expect(width).toMatchObject({
        id: 'img-dimensions',
        severity: 'warning',
        source: SOURCE.htmlWidth,
      });
      expect(width.message).toMatch(/has no width:/);
      const height = only(email(`<img ${src} width="100">`));
      expect(height).toMatchObject({ id: 'img-dimensions', source: SOURCE.htmlHeight });
      expect(only(email(`<img ${src}>`)).message).toContain('has no width and no height');
    });

    it('reports a width in CSS only for Outlook for Windows, which ignores it', () => {
      const finding = only(email(`<img ${src} style="width:100px; height:50px">`));
      expect(finding).toMatchObject({
        id: 'img-dimensions',
        source: SOURCE.cssWidth,
        clients: ['Outlook for Windows'],
      });
    });

    it('does not take width:auto for a size, but accepts height:auto (fluid images)', () => {
      const finding = only(email(`<img ${src} style="width:auto; height:auto">`));
      expect(finding).toMatchObject({ id: 'img-dimensions', source: SOURCE.htmlWidth });
      expect(finding.message).toMatch(/has no width:/);
      expect(check(email(`<img ${src} width="600" style="width:100%; height:auto">`))).toEqual([]);
    });

    it('accepts a width attribute with a CSS height', () => {
      expect(check(email(`<img ${src} width="100" style="height:auto; height:50px">`))).toEqual([]);
    });
  });

  describe('img-weight and img-missing', () => {
    const url = 'https://cdn.example.com/a.png';

    it('reports an image over the per-image budget', () => {
      const finding = only(email(`<img ${IMG} alt="A">`), [
        { url, status: 'stored', bytes: IMAGE_BYTES_BUDGET + 1 },
      ]);
      expect(finding).toMatchObject({
        id: 'img-weight',
        severity: 'warning',
        source: SOURCE.weight,
      });
      expect(finding.message).toContain('per-image budget');
      expect(finding.element).toBe('body > img');
    });

    it('reports images over the total budget together, counting a repeated one once', () => {
      const images = Array.from({ length: 6 }, (_, i) => ({
        url: `https://cdn.example.com/${i}.png`,
        status: 'stored' as const,
        bytes: IMAGE_BYTES_BUDGET,
      }));
      const finding = only(email('<p>Hello</p>'), images);
      expect(finding).toMatchObject({ id: 'img-weight', source: SOURCE.weight });
      expect(finding.message).toContain('total budget');
      expect(finding.element).toBeUndefined();
      expect(TOTAL_IMAGE_BYTES_BUDGET).toBe(5 * 1_048_576);
      const repeated = images.slice(0, 5).concat(images.slice(0, 5));
      expect(check(email('<p>Hello</p>'), repeated)).toEqual([]);
    });

    it('reports an image that could not be fetched as img-missing', () => {
      const finding = only(email(`<img ${IMG} alt="A">`), [{ url, status: 'missing' }]);
      expect(finding).toMatchObject({
        id: 'img-missing',
        severity: 'error',
        source: SOURCE.imgMissing,
      });
      expect(finding.element).toBe('body > img');
    });
  });

  describe('preheader', () => {
    it.each([
      ['display:none', '<div style="display:none">Preview</div>'],
      ['visibility:hidden', '<div style="visibility:hidden">Preview</div>'],
      [
        'max-height:0 with overflow:hidden',
        '<div style="max-height:0px; overflow:hidden">Preview</div>',
      ],
      ['opacity:0', '<span style="opacity:0">Preview</span>'],
      ['font-size:0', '<span style="font-size:0">Preview</span>'],
      [
        '1px text in the background colour',
        '<table role="presentation" bgcolor="#FFFFFF"><tr><td style="font-size:1px; color:white">Preview</td></tr></table>',
      ],
      ['a hidden ancestor', '<div style="display:none"><p><span>Preview</span></p></div>'],
    ])('accepts a preheader hidden by %s', (_, preheader) => {
      expect(check(email('<h1>Spring sale</h1>', { preheader }))).toEqual([]);
    });

    it('accepts a preheader hidden by a <style> rule, in a selector list or not', () => {
      const preheader = '<span class="preheader">Preview</span>';
      for (const css of [
        '.preheader { display: none !important; }',
        'h2, body  > span.preheader:not(.shown) { visibility: hidden }',
        '@media (max-width: 1px) { .preheader { display: block } } .preheader { opacity: 0 }',
      ]) {
        const head = `<style>${css}</style>`;
        expect(check(email('<h1>Spring sale</h1>', { preheader, head }))).toEqual([]);
      }
    });

    it('reports a preheader that shows in the body', () => {
      const preheader = '<span class="preheader">Up to 50% off shoes this week</span>';
      const finding = only(email('<h1>Spring sale</h1>', { preheader }));
      expect(finding).toMatchObject({
        id: 'preheader-visible',
        severity: 'warning',
        source: SOURCE.preview,
        element: 'body > span',
      });
      expect(finding.message).toContain('Up to 50% off shoes this week');
      // An inline style a <style> rule overrides with !important is no help either.
      const head = '<style>.preheader { display: block !important; }</style>';
      const hiddenInline = '<span class="preheader" style="display:none">Up to 50% off</span>';
      expect(only(email('<h1>Sale</h1>', { preheader: hiddenInline, head })).id).toBe(
        'preheader-visible',
      );
    });

    it('reports a missing preheader, quoting what the inbox will show', () => {
      const body =
        '<div style="display:none">&zwnj;&nbsp;&zwnj;&nbsp;</div>' +
        '<h1>Spring sale</h1><p>Up to 50% off every pair of shoes in the shop, this week only, online and in store.</p>';
      const finding = only(email(body, { preheader: '' }));
      expect(finding).toMatchObject({
        id: 'preheader-missing',
        severity: 'info',
        source: SOURCE.preview,
        element: 'body > h1',
      });
      expect(finding.message).toContain(
        '"Spring sale Up to 50% off every pair of shoes in the shop, t…"',
      );
    });

    it('does not take mso-hide:all alone for hidden: only Outlook hides it', () => {
      const preheader = '<div style="mso-hide:all">Preview</div>';
      expect(only(email('<h1>Spring sale</h1>', { preheader })).id).toBe('preheader-missing');
    });
  });

  // Last, so that the tests above have run (jest runs a file's tests in order).
  it('has a test above that yields every id', () => {
    expect([...seen].sort()).toEqual([...HTML_CHECK_IDS].sort());
  });
});

describe('elementPath', () => {
  const pathOf = (html: string, selector: string) => {
    const $ = cheerio.load(html);
    return elementPath($(selector)[0] as Element);
  };

  it('counts same-name siblings only, and stops at the nearest id', () => {
    expect(pathOf('<p>a</p><p>b <a href="#">x</a></p>', 'a')).toBe('body > p:nth-of-type(2) > a');
    expect(pathOf('<div id="main"><p><a>x</a></p></div>', 'a')).toBe('div#main > p > a');
    expect(pathOf('<div id="2col"><a>x</a></div>', 'a')).toBe('div[id="2col"] > a');
  });

  it('cuts long paths to five steps with a descendant combinator', () => {
    const html = '<table><tr><td><table><tr><td><a>x</a></td></tr></table></td></tr></table>';
    const path = pathOf(html, 'a');
    expect(path).toBe('body tbody > tr > td > a');
    const $ = cheerio.load(html);
    expect($(path)[0]).toBe($('a')[0]);
  });
});
