import type { Element } from 'domhandler';
import { MISSING_IMAGE } from '../../../model/email-content';
import { cssLength, flag, fraction, pair, vmlColor } from './vml-values';

/** An image fill as CSS background properties. */
export interface ImageFill {
  src: string;
  repeat: boolean;
  /** CSS background-size. */
  size: string;
  /** CSS background-position. */
  position: string;
  /**
   * Outlook paints a framed image's fill colour under the image only, not around it
   * (mjml#2202): the colour then takes the image's size and position.
   */
  colourUnderImage: boolean;
}

/** A shape's fill (Microsoft VML reference: fill, fillcolor, filled). */
export interface VmlFill {
  color: string;
  opacity?: number;
  image?: ImageFill;
  /** A two-colour gradient from `color` to `color2` at a CSS angle. */
  gradient?: { cssAngle: number; color2: string; radial: boolean };
  /** The image the email asked for is not available (blocked, not stored): colour only. */
  imageMissing?: boolean;
}

type FillType = 'solid' | 'tile' | 'frame' | 'gradient' | 'gradientradial';

export const childElement = (parent: Element, tag: string) =>
  parent.children.find((node): node is Element => node.type === 'tag' && node.tagName === tag);

const available = (src: string | undefined) => (src && src !== MISSING_IMAGE ? src : undefined);

/**
 * A fill's `origin` (the point of the image) and `position` (the point of the shape it is
 * placed on) as CSS background-position. MJML's section backgrounds, tested in Outlook,
 * write them as centred fractions (-0.5 top/left, 0 centre, 0.5 bottom/right) for frames
 * and as fractions from the top left (0, 0.5, 1) for tiles ("this logic is different when
 * using repeat or no-repeat", mjml-section). Both points equal, as MJML writes them, is
 * exactly a CSS percentage; when they differ the shape's point is used.
 */
export function fillPosition(
  origin: string | undefined,
  position: string | undefined,
  type: 'tile' | 'frame',
): string {
  const [x, y] = pair(position ?? origin) ?? [];
  const fx = fraction(x);
  const fy = fraction(y);
  if (fx === undefined && fy === undefined) return type === 'tile' ? '0% 0%' : '50% 50%';
  const shift = type === 'frame' ? 0.5 : 0;
  const percent = (value: number | undefined) =>
    `${Math.round(((value ?? 0) + shift) * 1e4) / 100}%`;
  return `${percent(fx)} ${percent(fy)}`;
}

/** One item of a fill `size`: unitless values up to 1 are fractions of the shape. */
function sizeItem(item: string | undefined): string | undefined {
  if (!item) return undefined;
  if (/^\s*\d*\.?\d+\s*$/.test(item) && Number(item) <= 1) return `${Number(item) * 100}%`;
  return cssLength(item);
}

/**
 * A fill's `size` ("w,h") and `aspect` as CSS background-size: `atleast` covers the box it
 * is given, `atmost` fits in it (MJML writes size="1,1" for background-size cover/contain,
 * a single width with atmost for a height that follows the image). A frame without size
 * is stretched to the shape; a tile keeps the image's own size.
 */
export function fillSize(size: string | undefined, aspect: string | undefined, type: string) {
  const [w, h] = (pair(size) ?? []).map(sizeItem);
  const keep = aspect?.toLowerCase();
  const wholeShape = (!w || w === '100%') && (!h || h === '100%');
  if (keep === 'atleast' && wholeShape) return 'cover';
  if (keep === 'atmost' && wholeShape) return 'contain';
  if (w || h) return `${w ?? 'auto'} ${h ?? 'auto'}`;
  return type === 'frame' ? '100% 100%' : 'auto';
}

function fillType(value: string | undefined): FillType {
  const type = value?.toLowerCase();
  if (type === 'pattern') return 'tile'; // an image pattern in the fill colours: drawn as a tile
  if (type === 'tile' || type === 'frame' || type === 'gradient' || type === 'gradientradial')
    return type;
  return 'solid';
}

function imageFill(type: 'tile' | 'frame', src: string, fill: Record<string, string>): ImageFill {
  const size = fillSize(fill.size, fill.aspect, type);
  return {
    src,
    repeat: type === 'tile',
    size,
    position: fillPosition(fill.origin, fill.position, type),
    // Only sizes independent of the image's own proportions can be given to a colour layer.
    colourUnderImage: type === 'frame' && !/cover|contain|auto|100% 100%/.test(size),
  };
}

/**
 * Reads a shape's fill: `fillcolor` (default white) and `filled`/`fill`, then its `<v:fill>`
 * (color, color2, type, src, size, aspect, origin, position, opacity, angle), or a
 * `<v:imagedata>`, which draws its picture stretched to the shape.
 */
export function readFill(shape: Element, filledByDefault = true): VmlFill | undefined {
  const fill = childElement(shape, 'v:fill')?.attribs ?? {};
  const filled =
    flag(shape.attribs.filled ?? shape.attribs.fill, filledByDefault) && flag(fill.on, true);
  if (!filled) return undefined;
  const base = vmlColor(shape.attribs.fillcolor) ?? 'white';
  const color = vmlColor(fill.color, base) ?? base;
  const type = fillType(fill.type);
  const result: VmlFill = { color, opacity: fraction(fill.opacity) };
  const imagedata = childElement(shape, 'v:imagedata')?.attribs.src;
  const wanted = type === 'tile' || type === 'frame' ? fill.src : imagedata;
  const src = available(wanted);
  if (src) result.image = imageFill(type === 'tile' ? 'tile' : 'frame', src, fill);
  else if (wanted) result.imageMissing = true;
  if (type === 'gradient' || type === 'gradientradial') {
    // VML: at angle 0 the colours blend from bottom (color) to top (color2); positive
    // angles turn counter-clockwise, CSS angles clockwise from "to top".
    const angle = Number.parseFloat(fill.angle ?? '0') || 0;
    result.gradient = {
      cssAngle: -angle,
      color2: vmlColor(fill.color2, color) ?? 'white',
      radial: type === 'gradientradial',
    };
  }
  return result;
}
