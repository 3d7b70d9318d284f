/**
 * VML as Outlook's Word engine draws it, in HTML/CSS/SVG Chromium renders (Microsoft VML
 * reference; buttons.cm and backgrounds.cm; MJML's section backgrounds and hero images).
 *
 * Drawn:
 * - v:rect, v:roundrect (arcsize as Outlook applies it), v:oval (a CSS ellipse, so that
 *   image fills work as in rectangles), v:line (SVG), v:image, v:shape without a path of its
 *   own (rectangle, text box, picture frame with v:imagedata), v:group (its shapes in its
 *   coordsize/coordorigin space), v:background (painted on the body);
 * - fills: fillcolor, filled/fill, v:fill solid, tile, frame (size, aspect, origin, position,
 *   opacity), v:imagedata; a missing image leaves the colour; gradients approximated by a
 *   CSS gradient (angle only);
 * - strokes: strokecolor, strokeweight, stroked/stroke, v:stroke (color, weight, on,
 *   dashstyle as CSS dashed/dotted);
 * - text: v:textbox content or HTML put directly in the shape, with inset and v-text-anchor;
 *   mso-fit-shape-to-text and a missing height grow the shape with its text;
 * - size and place: width/height in px, pt, in, cm, mm, %, mso-width/height-percent;
 *   inline on its line by default; position:relative offsets; position:absolute in the
 *   parent element, mso-position-horizontal:center, z-index (negative: behind the text).
 *
 * Knowingly not drawn (reported): paths of v:shape, v:polyline, v:curve, v:arc (their HTML
 * content is kept), v:shadow, v:textpath (WordArt), v:extrusion, image cropping, gradient
 * focus and multi-colour gradients, `fill darken()` colour forms (the base colour is used),
 * the link of a shape's href. Strokes are drawn inside the outline, not centred on it.
 * Outlook's extra pixel around shapes (vivid-planet/dextinity#6323) is not reproduced.
 */
import type { Element } from 'domhandler';
import type { EmailDocument } from '../../../model/email-document';
import type { Preparation } from '../../../model/client-family';
import type { RenderReport } from '../../../model/render-report';
import { css, drawShape, fillCss } from './vml-draw';
import { childElement } from './vml-fill';
import { groupFrame, isDrawn, readShape, VmlShape } from './vml-model';
import { reportNotDrawn, reportShape, SOURCE } from './vml-report';

const PLACEHOLDER = 'ip-vml';

/** Office elements that only describe a shape (or configure Word) and show no content. */
const NEVER_SHOWN = new Set([
  'w:anchorlock',
  'o:lock',
  'v:shapetype',
  'v:fill',
  'v:stroke',
  'v:path',
  'v:formulas',
  'v:f',
  'v:handles',
  'v:h',
  'v:imagedata',
  'v:shadow',
  'v:textpath',
  'v:extrusion',
  'v:skew',
]);

const isOffice = (node: Element) => /^[ovw]:/.test(node.tagName);

/** Office elements of the document, deepest first (so a parent is seen after its content). */
function officeElements($: EmailDocument): Element[] {
  const found: Element[] = [];
  const visit = (node: Element) => {
    for (const item of node.children ?? []) if (item.type === 'tag') visit(item as Element);
    if (node.type === 'tag' && isOffice(node)) found.push(node);
  };
  $.root()
    .children()
    .each((_i, el) => visit(el as Element));
  return found;
}

/** The HTML a shape lays out: its text box content, or what was put directly inside it. */
function contentOf(element: Element): Element['children'] {
  if (element.tagName === 'v:background') return [];
  const textbox = childElement(element, 'v:textbox');
  return (textbox ?? element).children;
}

/**
 * After parsing, before the CSS passes: each shape becomes a placeholder holding its model
 * and its HTML content, so that the Word engine's CSS model and caniemail still apply to
 * that HTML. Shapes are taken deepest first: a shape in a text box or a group is already a
 * placeholder when its container is read. Office elements that are never drawn go, keeping
 * the HTML they wrap.
 */
export function collectVmlShapes(p: Preparation): void {
  const { $, report } = p;
  for (const element of officeElements($).filter(isDrawn)) {
    const parent = element.parent as Element | null;
    const frame =
      parent?.type === 'tag' && parent.tagName === 'v:group' ? groupFrame(parent) : undefined;
    const model = readShape(element, frame);
    reportShape(model, element, report);
    const placeholder = $(`<${PLACEHOLDER}></${PLACEHOLDER}>`).attr(
      'data-vml',
      JSON.stringify(model),
    );
    placeholder.append([...contentOf(element)]);
    $(element).replaceWith(placeholder);
  }
  let dropped = 0;
  for (const element of officeElements($)) {
    reportNotDrawn(element, report);
    if (NEVER_SHOWN.has(element.tagName)) $(element).remove();
    else $(element).replaceWith([...element.children]);
    dropped++;
  }
  if (dropped)
    report.add(
      'rule:office-markup',
      'Office-only elements are not drawn',
      'o:, w:, v: elements',
      'Microsoft Office HTML and XML Reference',
      dropped,
    );
}

/**
 * At the very end, after every CSS pass: each placeholder becomes its drawing, innermost
 * first, so that a shape's content already holds the drawings of the shapes inside it.
 */
export function drawVmlShapes(p: Preparation): void {
  const { $, report } = p;
  for (const element of $(PLACEHOLDER).toArray().reverse()) {
    const placeholder = $(element);
    const model = JSON.parse(placeholder.attr('data-vml') ?? '{}') as VmlShape;
    if (model.kind === 'background') {
      paintBody($, model);
      placeholder.remove();
      continue;
    }
    if (model.absolute) makeContainingBlock($, element, report);
    placeholder.replaceWith(drawShape(model, placeholder.html() ?? ''));
  }
}

/** v:background fills the page: Word's document background, the body's here. */
function paintBody($: EmailDocument, model: VmlShape): void {
  const body = $('body').first();
  if (!body.length || !model.fill) return;
  const style = body.attr('style');
  body.attr('style', `${style ? `${style};` : ''}${css(fillCss(model.fill))}`);
}

/**
 * An absolutely placed shape (MJML's hero image) is placed in its parent element, which
 * becomes its containing block. A negative z-index puts it in Word's behind-text layer,
 * under every background of the text layer too (cell and div shading), so the parent gets
 * no z-index and makes no stacking context: that is why MJML's hero image does not show in
 * Outlook behind coloured blocks (mjml#1671, #1526, #1963).
 */
function makeContainingBlock($: EmailDocument, placeholder: Element, report: RenderReport) {
  const parent = placeholder.parent as Element | null;
  if (!parent || parent.type !== 'tag' || parent.tagName === PLACEHOLDER) return;
  const style = $(parent).attr('style') ?? '';
  if (/position\s*:\s*(relative|absolute)/i.test(style)) return;
  $(parent).attr('style', style ? `${style};position:relative` : 'position:relative');
  report.add(
    'rule:vml',
    'VML shape placed absolutely in its parent element',
    'position:absolute',
    `${SOURCE}; MJML hero (mjml#1671)`,
  );
}
