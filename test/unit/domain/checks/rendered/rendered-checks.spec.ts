import {
  requiredContrast,
  textContrastFindings,
} from '../../../../../src/domain/checks/rendered/text-contrast';
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
