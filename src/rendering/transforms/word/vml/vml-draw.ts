import type { VmlFill, VmlShape } from './vml-model';

const px = (value: number) => `${Math.round(value * 100) / 100}px`;
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** Declarations as a style attribute's value, escaped for a double-quoted attribute. */
const css = (declarations: Record<string, string | undefined>) =>
  escapeAttribute(
    Object.entries(declarations)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([property, value]) => `${property}:${value}`)
      .join(';'),
  );

function fillCss(fill: VmlFill | undefined): Record<string, string | undefined> {
  if (!fill) return {};
  const image =
    fill.type === 'gradient'
      ? `linear-gradient(${180 - fill.angle}deg, ${fill.color}, ${fill.color2 ?? fill.color})`
      : fill.src
        ? `url("${fill.src}")`
        : undefined;
  return {
    'background-color': fill.color,
    'background-image': image,
    'background-repeat': fill.type === 'tile' ? 'repeat' : 'no-repeat',
    'background-size': fill.src ? fill.size : undefined,
    'background-position': fill.src ? fill.position : undefined,
    opacity: fill.opacity === undefined ? undefined : String(fill.opacity),
  };
}

/** Corner radius of a roundrect: arcsize times half the shorter side (needs both sides). */
function cornerRadius(shape: VmlShape): string | undefined {
  if (shape.kind === 'oval') return '50%';
  if (shape.kind !== 'roundrect') return undefined;
  const width = /px$/.test(shape.width ?? '') ? parseFloat(shape.width!) : undefined;
  const height = /px$/.test(shape.height ?? '') ? parseFloat(shape.height!) : undefined;
  const shorter = Math.min(width ?? Infinity, height ?? Infinity);
  // Without both sides in px the shorter one is unknown: a percentage of the box is closest.
  return Number.isFinite(shorter)
    ? px((shape.arcSize * shorter) / 2)
    : `${(shape.arcSize * 100) / 2}%`;
}

function lineSvg(shape: VmlShape): string {
  const [x1, y1] = shape.line!.from;
  const [x2, y2] = shape.line!.to;
  const stroke = shape.stroke ?? { color: 'black', weight: 1, dashed: false };
  const width = Math.max(Math.abs(x2 - x1), stroke.weight);
  const height = Math.max(Math.abs(y2 - y1), stroke.weight);
  const left = Math.min(x1, x2);
  const top = Math.min(y1, y2);
  return `<svg width="${px(width)}" height="${px(height)}" style="display:block;overflow:visible"><line x1="${x1 - left}" y1="${y1 - top}" x2="${x2 - left}" y2="${y2 - top}" stroke="${escapeAttribute(stroke.color)}" stroke-width="${stroke.weight}"${stroke.dashed ? ' stroke-dasharray="4 3"' : ''}></line></svg>`;
}

/** The outer box: inline by default, as a VML shape sits on its line; placed when absolute. */
function outerCss(shape: VmlShape): string {
  const full = shape.width === '100%';
  const placed = shape.absolute;
  return css({
    display: placed || full ? 'block' : 'inline-block',
    position: placed ? 'absolute' : 'relative',
    'vertical-align': 'top',
    'box-sizing': 'border-box',
    width: shape.width,
    height: shape.height,
    top: placed ? px(placed.top) : undefined,
    left: placed ? (placed.centred ? '50%' : px(placed.left)) : undefined,
    transform: placed?.centred ? 'translateX(-50%)' : undefined,
    'z-index': placed ? String(placed.zIndex < 0 ? -1 : placed.zIndex) : undefined,
  });
}

/**
 * The drawing of one shape, as plain HTML/CSS Chromium renders: a background layer (fill,
 * stroke drawn inside the outline, corners) and a content layer holding the text box with
 * its insets and vertical anchor. `content` is the shape's HTML after every CSS pass.
 */
export function drawShape(shape: VmlShape, content: string): string {
  if (shape.kind === 'line')
    return `<span data-ip-vml style="${outerCss({ ...shape, width: undefined, height: undefined })}">${lineSvg(shape)}</span>`;
  if (shape.kind === 'image') {
    const image = shape.imageSrc
      ? `<img src="${escapeAttribute(shape.imageSrc)}" alt="" style="display:block;width:100%;height:100%;border:0">`
      : '';
    return `<span data-ip-vml style="${outerCss(shape)}">${image}</span>`;
  }
  const stroke = shape.stroke;
  const background = css({
    position: 'absolute',
    top: '0',
    left: '0',
    right: '0',
    bottom: '0',
    'box-sizing': 'border-box',
    border: stroke
      ? `${px(stroke.weight)} ${stroke.dashed ? 'dashed' : 'solid'} ${stroke.color}`
      : undefined,
    'border-radius': cornerRadius(shape),
    ...fillCss(shape.fill),
  });
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
  return `<span data-ip-vml style="${outerCss(shape)}"><span style="${background}"></span><span style="${text}">${content}</span></span>`;
}
