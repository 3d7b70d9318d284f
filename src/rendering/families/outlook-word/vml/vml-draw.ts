import type { VmlFill } from './vml-fill';
import type { VmlShape, VmlStroke } from './vml-model';
import { round } from './vml-values';
import { escapeAttribute } from 'entities';

type Declarations = Record<string, string | undefined>;

const px = (value: number) => `${round(value)}px`;

/** Declarations as a style attribute's value, escaped for a double-quoted attribute. */
export const css = (declarations: Declarations) =>
  escapeAttribute(
    Object.entries(declarations)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([property, value]) => `${property}:${value}`)
      .join(';'),
  );

/** Layers the full box of the shape's outer element. */
const COVER: Declarations = {
  position: 'absolute',
  top: '0',
  right: '0',
  bottom: '0',
  left: '0',
  'box-sizing': 'border-box',
};

interface Layer {
  image: string;
  size: string;
  position: string;
  repeat: string;
}

/** A fill as CSS backgrounds: its image (or gradient) over its colour, and its opacity. */
export function fillCss(fill: VmlFill): Declarations {
  const layers: Layer[] = [];
  let color: string | undefined = fill.color;
  if (fill.image) {
    const { src, size, position, repeat } = fill.image;
    const layer = { size, position, repeat: repeat ? 'repeat' : 'no-repeat' };
    layers.push({ image: `url("${src}")`, ...layer });
    if (fill.image.colourUnderImage) {
      layers.push({ image: `linear-gradient(${color}, ${color})`, ...layer });
      color = undefined;
    }
  } else if (fill.gradient) {
    const { cssAngle, color2, radial } = fill.gradient;
    const image = radial
      ? `radial-gradient(${color}, ${color2})`
      : `linear-gradient(${cssAngle}deg, ${color}, ${color2})`;
    layers.push({ image, size: 'auto', position: '0% 0%', repeat: 'no-repeat' });
  }
  const list = (key: keyof Layer) =>
    layers.length ? layers.map((layer) => layer[key]).join(', ') : undefined;
  return {
    'background-color': color,
    'background-image': list('image'),
    'background-size': list('size'),
    'background-position': list('position'),
    'background-repeat': list('repeat'),
    opacity: fill.opacity === undefined ? undefined : String(fill.opacity),
  };
}

/**
 * VML centres a stroke on the outline; here it is drawn inside the outline (a border of the
 * shape's box) so that the shape keeps the size the email gave it and never overlaps its
 * neighbours, as table layouts around buttons expect.
 */
function strokeCss(stroke: VmlStroke): string {
  return `${px(stroke.weight)} ${stroke.style} ${stroke.color}`;
}

/** The outer box: inline by default, as a VML shape sits on its line; placed when absolute. */
function outerCss(shape: VmlShape, size = true): Declarations {
  const placed = shape.absolute;
  const offset = placed ?? shape.offset;
  const block = placed || shape.width === '100%';
  // A negative z-index is Word's behind-text layer: under the text and its backgrounds.
  const zIndex = placed?.zIndex ? String(placed.zIndex < 0 ? -1 : placed.zIndex) : undefined;
  return {
    display: block ? 'block' : 'inline-block',
    position: placed ? 'absolute' : 'relative',
    'vertical-align': block ? undefined : 'top',
    'box-sizing': 'border-box',
    width: size ? shape.width : undefined,
    height: size ? shape.height : undefined,
    top: offset?.top ? px(offset.top) : placed ? '0' : undefined,
    left: placed?.centred ? '50%' : offset?.left ? px(offset.left) : placed ? '0' : undefined,
    transform: placed?.centred ? 'translateX(-50%)' : undefined,
    'z-index': zIndex,
  };
}

function dashArray(stroke: VmlStroke): string {
  const w = stroke.weight;
  if (stroke.style === 'dotted') return ` stroke-dasharray="${round(w)} ${round(w)}"`;
  return stroke.style === 'dashed' ? ` stroke-dasharray="${round(4 * w)} ${round(3 * w)}"` : '';
}

/** A line as SVG, in a box as large as the line (at least its stroke's width). */
function drawLine(shape: VmlShape): string {
  const [x1, y1] = shape.line!.from;
  const [x2, y2] = shape.line!.to;
  const stroke = shape.stroke;
  const weight = stroke?.weight ?? 0;
  const left = Math.min(x1, x2);
  const top = Math.min(y1, y2);
  const width = Math.max(Math.abs(x2 - x1), weight);
  const height = Math.max(Math.abs(y2 - y1), weight);
  const placed = shape.absolute && {
    ...shape.absolute,
    left: shape.absolute.left + left,
    top: shape.absolute.top + top,
  };
  const outer = css({
    ...outerCss({ ...shape, absolute: placed }, false),
    width: px(width),
    height: px(height),
  });
  const line = stroke
    ? `<line x1="${round(x1 - left)}" y1="${round(y1 - top)}" x2="${round(x2 - left)}" y2="${round(y2 - top)}" stroke="${escapeAttribute(stroke.color)}" stroke-width="${round(weight)}"${dashArray(stroke)}></line>`
    : '';
  return `<span data-ip-vml="line" style="${outer}"><svg width="${round(width)}" height="${round(height)}" style="display:block;overflow:visible">${line}</svg></span>`;
}

/** A v:image: the picture stretched to the shape's box (its own size when none is given). */
function drawImage(shape: VmlShape): string {
  const { src, alt } = shape.image ?? {};
  const image = src
    ? `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt ?? '')}" style="${css({
        display: 'block',
        width: shape.width ? '100%' : undefined,
        height: shape.height ? '100%' : undefined,
        border: '0',
      })}">`
    : '';
  return `<span data-ip-vml="image" style="${css(outerCss(shape))}">${image}</span>`;
}

/**
 * The drawing of one shape, as plain HTML/CSS Chromium renders: a fill layer, a stroke
 * layer and a text layer holding the text box content with its insets and vertical anchor.
 * Only spans are used, so that the drawing is valid wherever the shape was (a paragraph).
 * `content` is the shape's HTML after every CSS pass.
 */
export function drawShape(shape: VmlShape, content: string): string {
  if (shape.kind === 'line') return drawLine(shape);
  if (shape.kind === 'image') return drawImage(shape);
  const outer = css(outerCss(shape));
  if (shape.kind === 'group') return `<span data-ip-vml="group" style="${outer}">${content}</span>`;
  const radius = shape.radius;
  const layer = (name: string, declarations: Declarations) =>
    `<span data-ip-vml-layer="${name}" style="${css({ ...COVER, 'border-radius': radius, ...declarations })}"></span>`;
  const fill = shape.fill ? layer('fill', fillCss(shape.fill)) : '';
  const stroke = shape.stroke ? layer('stroke', { border: strokeCss(shape.stroke) }) : '';
  const [top, right, bottom, left] = shape.inset;
  const text = css({
    position: 'relative',
    display: 'flex',
    'flex-direction': 'column',
    'justify-content': { top: 'flex-start', middle: 'center', bottom: 'flex-end' }[shape.anchor],
    'box-sizing': 'border-box',
    width: '100%',
    height: shape.height ? '100%' : undefined,
    padding: `${px(top)} ${px(right)} ${px(bottom)} ${px(left)}`,
  });
  // One flex item, so that inline content keeps flowing in lines.
  const body = `<span style="display:block">${content}</span>`;
  return `<span data-ip-vml="${shape.kind}" style="${outer}">${fill}${stroke}<span data-ip-vml-layer="text" style="${text}">${body}</span></span>`;
}
