import { gmailClippingFindings } from '../../../../../src/domain/checks/client/gmail-clipping';
import { textSizeFindings } from '../../../../../src/domain/checks/client/text-size';
import {
  requiredContrast,
  textContrastFindings,
} from '../../../../../src/domain/checks/rendered/text-contrast';
import { clientCatalog } from '../../../../../src/rendering/catalog/client-catalog';
import type { TextSample } from '../../../../../src/rendering/engine/page-scripts';

const sample = (overrides: Partial<TextSample>): TextSample => ({
  color: '#222222',
  background: '#ffffff',
  fontSize: 16,
  bold: false,
  path: 'td > p',
  text: 'Hello',
  count: 1,
  ...overrides,
});

describe('text contrast from rendered colours (WCAG 2.2 SC 1.4.3)', () => {
  it('asks 4.5:1 of body text and 3:1 of large text (24px, or 18.66px bold)', () => {
    expect(requiredContrast({ fontSize: 16, bold: false })).toBe(4.5);
    expect(requiredContrast({ fontSize: 18.66, bold: false })).toBe(4.5);
    expect(requiredContrast({ fontSize: 18.66, bold: true })).toBe(3);
    expect(requiredContrast({ fontSize: 24, bold: false })).toBe(3);
  });

  it('finds #767676 on white just passing and #777777 just failing', () => {
    const rendered = (color: string) => [
      { client: 'OL2019', dark: false, samples: [sample({ color })] },
    ];
    expect(textContrastFindings(rendered('#767676'))).toEqual([]);
    const [finding] = textContrastFindings(rendered('#777777'));
    expect(finding).toMatchObject({
      id: 'text-contrast',
      source: 'WCAG 2.2 SC 1.4.3 Contrast (Minimum)',
      clients: ['OL2019'],
      element: 'td > p',
    });
    expect(finding.message).toMatch(/4\.47:1, under 4\.5:1/);
  });

  it('merges one text failing in several clients, and says when it fails in dark mode only', () => {
    const dark = sample({ color: '#555555', background: '#333333' });
    const findings = textContrastFindings([
      { client: 'APPMAIL15', dark: false, samples: [sample({})] },
      { client: 'APPMAIL15DARK', dark: true, samples: [dark] },
      { client: 'IPHONE13DARK', dark: true, samples: [dark] },
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0].clients).toEqual(['APPMAIL15DARK', 'IPHONE13DARK']);
    expect(findings[0].message).toMatch(/in dark mode only$/);
  });
});

describe("text under iOS Mail's minimum size", () => {
  it('reads px and pt sizes from style blocks, style attributes and the font shorthand', () => {
    const html = `<style>.legal { font-size: 9pt }</style>
      <p style="font: bold 11px/14px Arial">a</p><p style="font-size:13px">b</p><p style="font-size:0.7em">c</p>`;
    const [finding] = textSizeFindings(html, ['IPHONE13']);
    expect(finding).toMatchObject({ id: 'text-size', clients: ['IPHONE13'] });
    expect(finding.message).toMatch(/^Text set at 11px, 12px is under iOS Mail's 13px minimum/);
    expect(textSizeFindings('<p style="font-size:13px">ok</p>', ['IPHONE13'])).toEqual([]);
  });
});

describe("Gmail's clipping, measured as the Gmail family measures it", () => {
  const gmail = clientCatalog.find('GMAILNEW')!;
  const email = (html: string) => ({ html, text: null, images: [] });
  const paragraphs = (count: number) =>
    `<html><body>${'<p>A paragraph of a long newsletter, repeated.</p>'.repeat(count)}</body></html>`;

  it('is an error past 102 KB, a warning within 10 % of it, and nothing well under it', () => {
    expect(gmailClippingFindings(email(paragraphs(2200)), gmail, ['GMAILNEW'])[0]).toMatchObject({
      id: 'gmail-clipping',
      severity: 'error',
      clients: ['GMAILNEW'],
    });
    expect(gmailClippingFindings(email(paragraphs(1950)), gmail, ['GMAILNEW'])[0]).toMatchObject({
      severity: 'warning',
    });
    expect(gmailClippingFindings(email(paragraphs(100)), gmail, ['GMAILNEW'])).toEqual([]);
  });
});
