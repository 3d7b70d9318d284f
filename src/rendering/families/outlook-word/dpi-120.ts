import type { Preparation } from '../../model/client-family';
import { OFFICE_SETTINGS } from './source';

/** caniemail's note for what the dpi-120 variant below does (html-width #2, html-height #2). */
export const DPI_120_NOTE = /Sizes set in attributes don't scale in 120 dpi mode/;

/**
 * 120 DPI Outlook scales CSS lengths and text by 1.25 but not HTML width/height attributes
 * (caniemail html-width #2, html-height #2), unless the email's Office XML island declares
 * `<o:PixelsPerInch>96`: then Outlook scales everything alike. The profile renders at a 1.25
 * device scale, so without the declaration the attributes are divided by 1.25 here.
 */
export function applyDpi120(p: Preparation): void {
  const { $, report } = p;
  if (OFFICE_SETTINGS.get(p)?.pixelsPerInch === 96) {
    report.add(
      'rule:dpi-120',
      'PixelsPerInch 96 declared: HTML sizes scale with the text at 120 DPI',
      '<o:PixelsPerInch>',
      'caniemail html-width #2; Microsoft Office XML: o:PixelsPerInch',
    );
    return;
  }
  const sized = $(
    'img[width], img[height], table[width], td[width], th[width], td[height], table[height]',
  );
  sized.each((_i, element) => {
    for (const name of ['width', 'height']) {
      const value = $(element).attr(name);
      if (value && /^\d+(\.\d+)?$/.test(value.trim()))
        $(element).attr(name, String(Math.round(Number(value) / 1.25)));
    }
  });
  if (sized.length)
    report.add(
      'html-width',
      'HTML width/height attributes not scaled at 120 DPI',
      'width/height attribute',
      'caniemail html-width #2, html-height #2',
      sized.length,
    );
}
