import type { Element } from 'domhandler';
import { imageSize } from 'image-size';
import { editStylesheets, parseInlineStyle, serializeInlineStyle } from '../../model/css-walker';
import { ASSET_ORIGIN } from '../../model/email-content';
import type { EmailDocument } from '../../model/email-document';
import type { Preparation } from '../../model/client-family';
import { caniemailSource, RecordedReport, RenderReport } from '../../model/render-report';
import { addEngineStyle } from '../../stages/engine-styles';
import { applyMsoProperties, declaredFontSize, textRaise } from './mso-properties';
import { equalizeRowPadding, spaceFloatingTables } from './tables';
import { applyWebFontFallback } from './web-fonts';

/**
 * Outlook's Word engine where it differs from a browser and caniemail's support data does
 * not say it: `mso-` properties, web-font fallback, images sized from their files, row
 * padding, floating tables, hidden content and classes. The CSS Word does not support at
 * all is caniemail's (removed by the caniemail stage, notes applied as they say).
 */
export function applyWordCssModel(p: Preparation): void {
  hideMsoHidden(p.$, p.report);
  keepFirstClass(p.$, p.report);
  editStylesheets(p.$, (root) =>
    root.walkRules((rule) =>
      applyMsoProperties(rule, declaredFontSize(rule), p.report, 'style block'),
    ),
  );
  applyMsoToStyleAttributes(p);
  applyWebFontFallback(p);
  sizePercentImagesFromFiles(p);
  equalizeRowPadding(p.$, p.report);
  spaceFloatingTables(p.$, p.report);
  showTablesInHiddenContent(p.$, p.report);
}

/**
 * The `mso-` properties of style attributes, worked out once per style text and inherited
 * font size (emails repeat the same attributes hundreds of times), reports replayed.
 */
function applyMsoToStyleAttributes(p: Preparation): void {
  const fontSize = inheritedFontSize();
  const known = new Map<string, { css: string; raise?: number; report: RecordedReport }>();
  p.$('[style]').each((_i, el) => {
    const element = el as Element;
    const style = element.attribs.style ?? '';
    if (!/mso-|line-height/i.test(style)) return;
    const size = fontSize(element);
    const key = `${size}\u0000${style}`;
    let result = known.get(key);
    if (!result) {
      const report = new RecordedReport();
      const root = parseInlineStyle(style);
      const rule = root?.first?.type === 'rule' ? root.first : undefined;
      if (rule) applyMsoProperties(rule, size, report, 'style attribute');
      result = {
        css: root ? serializeInlineStyle(root) : style,
        raise: rule && textRaise(rule),
        report,
      };
      known.set(key, result);
    }
    result.report.replayTo(p.report);
    if (result.css !== style) p.$(element).attr('style', result.css);
    raiseText(p, element, result.raise);
  });
}

/**
 * `mso-text-raise` lifts text above its baseline and the line grows by as much: the padding
 * trick of Outlook buttons (Microsoft Office HTML and XML Reference: mso-text-raise). In
 * Chromium's quirks mode a raised baseline does not grow a line, so the lift is drawn as
 * padding above the text, moved up by as much.
 */
function raiseText(p: Preparation, element: Element, raise: number | undefined): void {
  if (!raise) return;
  addEngineStyle(
    p.$(element),
    `display:inline-block;padding-top:${raise}px;position:relative;top:-${raise}px`,
  );
  p.report.add(
    'rule:word-mso',
    'mso-text-raise raises the text and grows its line',
    'style attribute',
    'Microsoft Office HTML and XML Reference: mso-text-raise',
  );
}

/** `mso-hide: all` hides content in Outlook only (Microsoft Office HTML and XML Reference). */
function hideMsoHidden($: EmailDocument, report: RenderReport): void {
  const hidden = $('[style]').filter((_i, el) => /mso-hide\s*:\s*all/i.test(el.attribs.style));
  if (hidden.length)
    report.add(
      'rule:word-mso',
      'mso-hide: all hides content in Outlook',
      'style attribute',
      'Microsoft Office HTML and XML Reference: mso-hide',
      hidden.length,
    );
  hidden.remove();
}

/** Word, like IE6, applies only the first class of an element (email-bugs#75). */
function keepFirstClass($: EmailDocument, report: RenderReport): void {
  const several = $('[class]').filter((_i, el) => /\S\s+\S/.test($(el).attr('class') ?? ''));
  several.each(
    (_i, el) => void $(el).attr('class', ($(el).attr('class') ?? '').trim().split(/\s+/)[0]),
  );
  if (several.length)
    report.add(
      'rule:word-classes',
      'Only the first class of an element applies',
      'class attribute',
      'hteumeuleu/email-bugs#75',
      several.length,
    );
}

/** The last `font-size` a style attribute declares, read without a CSS parse (a hot path). */
const FONT_SIZE = /(?:^|[;\s])font-size\s*:\s*([^;!]+)/gi;
function fontSizeOf(style: string | undefined): number | undefined {
  if (!style || !/font-size/i.test(style)) return undefined;
  let size: number | undefined;
  for (const match of style.matchAll(FONT_SIZE)) {
    const length = /^\s*(\d*\.?\d+)(px|pt)\s*$/i.exec(match[1]);
    size = length
      ? Number(length[1]) * (length[2].toLowerCase() === 'pt' ? 96 / 72 : 1)
      : undefined;
  }
  return size;
}

/** The font size in px an element's style attributes give it, from itself or its ancestors. */
function inheritedFontSize(): (element: Element) => number | undefined {
  const known = new Map<Element, number | undefined>();
  const of = (element: Element): number | undefined => {
    if (known.has(element)) return known.get(element);
    const parent = element.parent as Element | null;
    const size =
      fontSizeOf(element.attribs?.style) ??
      (parent && parent.type === 'tag' ? of(parent) : undefined);
    known.set(element, size);
    return size;
  };
  return of;
}

/**
 * Word sizes an image with a percentage `width`/`height` attribute from the image file's
 * own size, not from its container (caniemail html-width #1, html-height #1).
 */
function sizePercentImagesFromFiles(p: Preparation): void {
  let sized = 0;
  p.$('img[width$="%"], img[height$="%"]').each((_i, img) => {
    const src = p.$(img).attr('src') ?? '';
    const image = src.startsWith(ASSET_ORIGIN)
      ? p.plan.served.get(src.slice(ASSET_ORIGIN.length))
      : undefined;
    if (!image) return;
    let natural: { width?: number; height?: number };
    try {
      natural = imageSize(image.data);
    } catch {
      return;
    }
    for (const name of ['width', 'height'] as const) {
      const value = /^\s*(\d*\.?\d+)%\s*$/.exec(p.$(img).attr(name) ?? '');
      if (!value || !natural[name]) continue;
      p.$(img).attr(name, String(Math.round((natural[name]! * Number(value[1])) / 100)));
      sized++;
    }
  });
  if (sized)
    p.report.add(
      'html-width',
      'Percentage sizes of images are taken from the image file, not the container',
      '<img>',
      caniemailSource('html-width', ['1']),
      sized,
    );
}

/**
 * `display:none` does not reach tables inside the hidden element in Word (caniemail
 * css-display-none #1): the element's own content hides, its tables still show.
 */
function showTablesInHiddenContent($: EmailDocument, report: RenderReport): void {
  const isHidden = (el: Element) => /display\s*:\s*none/i.test(el.attribs?.style ?? '');
  let shown = 0;
  const hideAllButTables = (element: Element) => {
    $(element)
      .contents()
      .each((_i, node) => {
        if (node.type === 'text') {
          if (node.data.trim()) $(node).wrap('<span style="display:none"></span>');
        } else if (node.type === 'tag') {
          const child = node as Element;
          if (child.tagName === 'table') return;
          if ($(child).find('table').length) hideAllButTables(child);
          else $(child).attr('style', `${$(child).attr('style') ?? ''};display:none`);
        }
      });
  };
  $('[style]').each((_i, el) => {
    const element = el as Element;
    if (!isHidden(element) || $(element).find('table').length === 0) return;
    if (
      $(element)
        .parents()
        .toArray()
        .some((parent) => isHidden(parent as Element))
    )
      return;
    $(element).attr(
      'style',
      (element.attribs.style ?? '').replace(/display\s*:\s*none\s*(!\s*important)?;?/gi, ''),
    );
    hideAllButTables(element);
    shown++;
  });
  if (shown)
    report.add(
      'css-display-none',
      'display:none does not hide the tables inside',
      'style attribute',
      caniemailSource('css-display-none', ['1']),
      shown,
    );
}
