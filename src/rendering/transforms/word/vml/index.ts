import type { Element } from 'domhandler';
import type { EmailDocument } from '../../email-document';
import type { RenderReport } from '../../render-report';
import { drawShape } from './vml-draw';
import { readShape, SHAPE_TAGS, VmlShape } from './vml-model';

/**
 * VML as Outlook's Word engine draws it (Microsoft VML reference; buttons.cm and
 * backgrounds.cm patterns; MJML's section backgrounds and hero images):
 * - drawn: v:rect, v:roundrect (arcsize), v:oval, v:line, v:image; fillcolor and v:fill
 *   (solid, tile, frame with size/aspect/origin/position, a linear gradient approximated);
 *   strokecolor, strokeweight, stroked="f" and v:stroke (dashes approximated); v:textbox
 *   with its HTML and inset, or HTML placed directly in the shape; v-text-anchor; sizes and
 *   absolute placement from the style attribute, mso-width-percent, z-index behind text.
 * - not drawn (reported): v:shape paths, v:group, v:shadow, and other Office elements,
 *   whose HTML content is kept. Strokes are drawn inside the outline rather than centred.
 */
const PLACEHOLDER = 'ip-vml';
const NEVER_DRAWN = new Set([
  'w:anchorlock',
  'o:lock',
  'v:shadow',
  'v:fill',
  'v:stroke',
  'v:path',
  'v:formulas',
  'v:imagedata',
]);
const SOURCE = 'Microsoft VML reference; buttons.cm; backgrounds.cm';

const isOffice = (node: Element) => /^[ovw]:/.test(node.tagName);

/** Office elements in a subtree, deepest first (so unwrapping never skips one). */
function officeElements($: EmailDocument, root?: Element): Element[] {
  const found: Element[] = [];
  const visit = (node: Element) => {
    for (const item of node.children ?? []) if (item.type === 'tag') visit(item as Element);
    if (node !== root && node.type === 'tag' && isOffice(node)) found.push(node);
  };
  if (root) visit(root);
  else
    $.root()
      .children()
      .each((_i, el) => visit(el as Element));
  return found;
}

/**
 * After parsing, before the CSS passes: each outermost shape becomes a placeholder holding
 * the shape's model and its HTML content, so the Word engine's CSS model and caniemail
 * still apply to that HTML; Office elements that are never drawn go, keeping their HTML.
 */
export function collectVmlShapes($: EmailDocument, report: RenderReport): void {
  const shapes = officeElements($).filter(
    (el) =>
      SHAPE_TAGS.has(el.tagName) &&
      !$(el)
        .parents()
        .toArray()
        .some((p) => SHAPE_TAGS.has((p as Element).tagName)),
  );
  for (const shape of shapes) {
    const model = readShape(shape);
    const textbox = $(shape).children('v\\:textbox');
    const content = textbox.length ? textbox.contents() : $(shape).contents();
    const placeholder = $(`<${PLACEHOLDER}></${PLACEHOLDER}>`).attr(
      'data-vml',
      JSON.stringify(model),
    );
    placeholder.append(content);
    $(shape).replaceWith(placeholder);
    report.add('rule:vml', `VML ${model.kind} drawn`, `<v:${model.kind}>`, SOURCE);
  }
  let dropped = 0;
  for (const element of officeElements($)) {
    if (NEVER_DRAWN.has(element.tagName)) $(element).remove();
    else {
      if (/^v:/.test(element.tagName))
        report.add(
          'rule:vml',
          `VML ${element.tagName.slice(2)} not drawn (its HTML kept)`,
          `<${element.tagName}>`,
          SOURCE,
        );
      $(element).replaceWith($(element).contents());
    }
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

/** At the end, after every CSS pass: each placeholder becomes its drawing. */
export function drawVmlShapes($: EmailDocument): void {
  $(PLACEHOLDER).each((_i, el) => {
    const placeholder = $(el);
    const model = JSON.parse(placeholder.attr('data-vml') ?? '{}') as VmlShape;
    const drawing = $(drawShape(model, placeholder.html() ?? ''));
    if (model.absolute) placeInParent($, el as Element);
    placeholder.replaceWith(drawing);
  });
}

/**
 * An absolutely placed shape (MJML's hero image) is placed in its parent, which becomes its
 * containing block. A negative z-index puts it in Word's behind-text layer, under every
 * background of the text layer too (cell and div shading), so no stacking context is made:
 * that is why MJML's hero image does not show in Outlook behind coloured blocks
 * (mjmlio/mjml#1526, #1632, #1963).
 */
function placeInParent($: EmailDocument, placeholder: Element): void {
  const parent = placeholder.parent as Element | null;
  if (!parent || parent.type !== 'tag') return;
  const style = $(parent).attr('style') ?? '';
  if (!/position\s*:\s*(relative|absolute)/i.test(style))
    $(parent).attr('style', `${style};position:relative`);
}
