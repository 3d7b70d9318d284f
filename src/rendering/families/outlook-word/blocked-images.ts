import type { BlockedImages, Preparation } from '../../model/client-family';
import { MISSING_IMAGE } from '../../model/email-content';

/**
 * Outlook for Windows blocks remote pictures unless the sender is trusted and draws "a red X
 * placeholder instead, along with explanatory text" (Microsoft, "Block or unblock automatic
 * picture downloads in email messages"); its text comes before the email's alt text, which
 * takes none of the image's styles (campaignmonitor.com 2006/12, djip.co "styling the alt
 * attribute"). The wording is Outlook 2003's as published (clickz.com); newer versions'
 * "or tap and hold" wording has no public source, so it is not used.
 */
export const OUTLOOK_PLACEHOLDER: BlockedImages = {
  how: 'placeholder',
  source:
    'Microsoft Office help "Block or unblock automatic picture downloads" (red X and explanatory text); wording: clickz.com (Outlook 2003)',
};

export const OUTLOOK_BLOCKED_TEXT =
  'Right click here to download pictures. To help protect your privacy, Outlook prevented automatic download of this picture from the Internet.';

/** The red X: a small framed icon, drawn inline (nothing is ever fetched). */
const RED_X =
  '<svg width="14" height="14" viewBox="0 0 14 14" style="float:left;margin:0 4px 2px 0">' +
  '<rect x="0.5" y="0.5" width="13" height="13" fill="#fff" stroke="#808080"/>' +
  '<path d="M4 4L10 10M10 4L4 10" stroke="#e00000" stroke-width="2"/></svg>';

/** A length attribute or style in px, or undefined. */
function pixels(value: string | undefined): number | undefined {
  const match = value && /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  return match ? Math.round(Number(match[1])) : undefined;
}

/**
 * Every image left unloaded with images off becomes Outlook's placeholder: a box of the
 * image's width and height (attributes, else its inline style; none: the text's own size),
 * clipped, with the red X, the explanatory text and then the alt text.
 */
export function drawOutlookPlaceholders(p: Preparation): void {
  if (p.options.images !== 'blocked') return;
  p.$('img').each((_i, element) => {
    const img = p.$(element);
    if (img.attr('src') !== MISSING_IMAGE) return;
    const style = img.attr('style') ?? '';
    const size = (name: 'width' | 'height') =>
      pixels(img.attr(name)) ??
      pixels(new RegExp(`(?:^|;)\\s*${name}\\s*:([^;]*)`, 'i').exec(style)?.[1]);
    const width = size('width');
    const height = size('height');
    const box = [
      'display:inline-block',
      'box-sizing:border-box',
      'overflow:hidden',
      'vertical-align:top',
      'border:1px solid #a0a0a0',
      'padding:2px',
      'background:#fff',
      'color:#000',
      'text-align:left',
      "font:9pt/1.25 'Segoe UI',sans-serif",
      ...(width ? [`width:${width}px`] : []),
      ...(height ? [`height:${height}px`] : []),
    ].join(';');
    const alt = img.attr('alt');
    const placeholder = p.$(`<span data-ip-blocked-image="" style="${box}"></span>`);
    placeholder.append(RED_X);
    placeholder.append(p.$('<span></span>').text(OUTLOOK_BLOCKED_TEXT));
    if (alt) placeholder.append('<br>', p.$('<span></span>').text(alt));
    img.replaceWith(placeholder);
  });
}
