import type { Element } from 'domhandler';
import type { RenderReport } from '../../../model/render-report';
import { childElement } from './vml-fill';
import type { VmlShape } from './vml-model';
import { styleOf } from './vml-values';

export const SOURCE = 'Microsoft VML reference; buttons.cm; backgrounds.cm';

/** Office elements that draw something Outlook shows and this emulation does not. */
const NOT_DRAWN: Record<string, string> = {
  'v:shape': 'VML shape path not drawn (its HTML kept)',
  'v:polyline': 'VML polyline not drawn (its HTML kept)',
  'v:curve': 'VML curve not drawn (its HTML kept)',
  'v:arc': 'VML arc not drawn (its HTML kept)',
  'v:shadow': 'VML shadow not drawn',
  'v:textpath': 'VML WordArt text (textpath) not drawn',
  'v:extrusion': 'VML 3-D extrusion not drawn',
};

/** Reports what a drawn shape's model applies, each with its public source. */
export function reportShape(model: VmlShape, element: Element, report: RenderReport): void {
  const where = `<${element.tagName}>`;
  const add = (title: string, source = SOURCE) => report.add('rule:vml', title, where, source);
  add(
    model.kind === 'background'
      ? 'VML page background drawn on the body'
      : `VML ${model.kind} drawn`,
  );
  if (model.kind === 'roundrect')
    add(
      'VML roundrect corners: arcsize times the shorter side, as Outlook draws them',
      'vivid-planet/dextinity#6296; buttons.cm (arcsize = radius / height)',
    );
  const fill = model.fill;
  if (fill?.imageMissing)
    add(
      'VML fill image not available: its fill colour shows',
      'backgrounds.cm (fallback colour); Microsoft VML reference (fill color)',
    );
  if (fill?.image?.colourUnderImage)
    add('VML frame fill: the fill colour only under the image', 'mjml#2202');
  if (fill?.gradient)
    add(
      'VML gradient drawn as a CSS gradient of its two colours (focus not applied)',
      'Microsoft VML reference (fill type=gradient, angle)',
    );
  if (model.stroke && model.stroke.style !== 'solid')
    add(
      'VML dash style drawn as a CSS dashed or dotted border',
      'Microsoft VML reference (dashstyle)',
    );
  const textbox = childElement(element, 'v:textbox');
  if (/^t/i.test(styleOf(textbox?.attribs.style).get('mso-fit-shape-to-text') ?? ''))
    add(
      'VML text box grows the shape to fit its text',
      'Microsoft VML reference (textbox); MJML section backgrounds (mso-fit-shape-to-text)',
    );
  if (model.absolute && model.absolute.zIndex < 0)
    add(
      'VML shape behind the text, under the backgrounds of the text layer',
      'Microsoft VML reference (z-index); mjml#1671, #1526',
    );
  if ((element.parent as Element | null)?.tagName === 'v:group')
    add(
      'VML group: shape placed in the group coordinates',
      'Microsoft VML reference (group, coordsize)',
    );
}

/** Reports an Office element that is removed or unwrapped although Outlook draws it. */
export function reportNotDrawn(element: Element, report: RenderReport): void {
  const title = NOT_DRAWN[element.tagName];
  if (title) report.add('rule:vml', title, `<${element.tagName}>`, SOURCE);
}
