import type { Element } from 'domhandler';
import { MISSING_IMAGE } from '../../images';
import { cssColor, flag, fraction, lengthPx, pair, styleOf } from './vml-values';

export type ShapeKind = 'rect' | 'roundrect' | 'oval' | 'line' | 'image';
export const SHAPE_TAGS = new Set(['v:rect', 'v:roundrect', 'v:oval', 'v:line', 'v:image']);

export interface VmlFill {
  color?: string;
  color2?: string;
  type: 'solid' | 'tile' | 'frame' | 'gradient';
  src?: string;
  /** CSS background-size, when the fill says it. */
  size?: string;
  /** CSS background-position. */
  position?: string;
  opacity?: number;
  angle: number;
}

/** One VML shape as Outlook draws it (Microsoft VML reference), in CSS units. */
export interface VmlShape {
  kind: ShapeKind;
  /** CSS lengths; height absent: the shape grows with its text. */
  width?: string;
  height?: string;
  absolute?: { top: number; left: number; zIndex: number; centred: boolean };
  /** roundrect corner radius as a fraction of half the shorter side. */
  arcSize: number;
  fill?: VmlFill;
  stroke?: { color: string; weight: number; dashed: boolean };
  /** Text box insets in px: top, right, bottom, left. */
  inset: [number, number, number, number];
  anchor: 'top' | 'middle' | 'bottom';
  line?: { from: [number, number]; to: [number, number] };
  imageSrc?: string;
}

/** VML's default text box inset: 0.1in left and right, 0.05in top and bottom. */
const DEFAULT_INSET: [number, number, number, number] = [4.8, 9.6, 4.8, 9.6];
const child = (shape: Element, tag: string) =>
  shape.children.find((node): node is Element => node.type === 'tag' && node.tagName === tag);
const imageOf = (src: string | undefined) => (src && src !== MISSING_IMAGE ? src : undefined);

function cssLength(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\s*\d*\.?\d+%\s*$/.test(value)) return value.trim();
  const px = lengthPx(value);
  return px === undefined ? undefined : `${Math.round(px * 100) / 100}px`;
}

function readInset(value: string | undefined): [number, number, number, number] {
  if (!value) return DEFAULT_INSET;
  const [left, top, right, bottom] = value.split(',').map((item) => lengthPx(item));
  return [
    top ?? DEFAULT_INSET[0],
    right ?? DEFAULT_INSET[1],
    bottom ?? DEFAULT_INSET[2],
    left ?? DEFAULT_INSET[3],
  ];
}

/** A fill's "x, y" in shape-centred fractions (-0.5 top/left .. 0.5 bottom/right) as CSS. */
function fillPosition(value: string | undefined, fallback: string): string {
  const [x, y] = pair(value) ?? [];
  const fx = fraction(x);
  const fy = fraction(y);
  if (fx === undefined && fy === undefined) return fallback;
  return `${((fx ?? 0) + 0.5) * 100}% ${((fy ?? 0) + 0.5) * 100}%`;
}

function fillSize(fill: Element, type: VmlFill['type']): string | undefined {
  const aspect = fill.attribs.aspect?.toLowerCase();
  if (aspect === 'atleast') return 'cover';
  if (aspect === 'atmost') return 'contain';
  const [w, h] = pair(fill.attribs.size) ?? [];
  const part = (item: string | undefined) => {
    const share = /^\s*\d*\.?\d+\s*$/.test(item ?? '') ? Number(item) : undefined;
    if (share !== undefined && share <= 1) return `${share * 100}%`;
    return cssLength(item) ?? 'auto';
  };
  if (w || h) return `${part(w)} ${part(h)}`;
  return type === 'frame' ? '100% 100%' : undefined;
}

function readFill(shape: Element): VmlFill | undefined {
  const fill = child(shape, 'v:fill');
  const attributes = fill?.attribs ?? {};
  const filled =
    flag(shape.attribs.filled ?? shape.attribs.fill, true) && flag(attributes.on, true);
  if (!filled) return undefined;
  const type = (['tile', 'frame', 'gradient'].find((t) => t === attributes.type?.toLowerCase()) ??
    'solid') as VmlFill['type'];
  const src = imageOf(attributes.src);
  return {
    color: cssColor(attributes.color) ?? cssColor(shape.attribs.fillcolor) ?? 'white',
    color2: cssColor(attributes.color2),
    type,
    src: type === 'tile' || type === 'frame' ? src : undefined,
    size: fill ? fillSize(fill, type) : undefined,
    position: fillPosition(
      attributes.position ?? attributes.origin,
      type === 'tile' ? '0% 0%' : '50% 50%',
    ),
    opacity: fraction(attributes.opacity),
    angle: Number(attributes.angle ?? 0) || 0,
  };
}

function readStroke(shape: Element, kind: ShapeKind): VmlShape['stroke'] {
  const stroke = child(shape, 'v:stroke')?.attribs ?? {};
  const on =
    flag(shape.attribs.stroked ?? shape.attribs.stroke, kind !== 'image') && flag(stroke.on, true);
  if (!on) return undefined;
  return {
    color: cssColor(stroke.color) ?? cssColor(shape.attribs.strokecolor) ?? 'black',
    weight: lengthPx(stroke.weight ?? shape.attribs.strokeweight ?? '0.75pt') ?? 1,
    dashed: Boolean(stroke.dashstyle && !/^solid$/i.test(stroke.dashstyle)),
  };
}

function readPoint(value: string | undefined): [number, number] {
  const [x, y] = pair(value) ?? [];
  return [lengthPx(x) ?? 0, lengthPx(y) ?? 0];
}

/** Reads a VML shape element (with its v:fill, v:stroke, v:textbox children) as a model. */
export function readShape(shape: Element): VmlShape {
  const kind = shape.tagName.slice(2) as ShapeKind;
  const style = styleOf(shape.attribs.style);
  const textbox = child(shape, 'v:textbox');
  const widthPercent = Number(style.get('mso-width-percent'));
  const fitToText = /true/i.test(
    styleOf(textbox?.attribs.style).get('mso-fit-shape-to-text') ?? '',
  );
  const anchor = (
    style.get('v-text-anchor') ??
    styleOf(textbox?.attribs.style).get('v-text-anchor') ??
    'top'
  ).toLowerCase();
  const model: VmlShape = {
    kind,
    width: widthPercent ? `${widthPercent / 10}%` : cssLength(style.get('width')),
    height: fitToText ? undefined : cssLength(style.get('height')),
    arcSize: kind === 'roundrect' ? (fraction(shape.attribs.arcsize) ?? 0.2) : 0,
    fill: kind === 'image' || kind === 'line' ? undefined : readFill(shape),
    stroke: readStroke(shape, kind),
    inset: readInset(textbox?.attribs.inset),
    anchor: anchor.startsWith('middle') ? 'middle' : anchor.startsWith('bottom') ? 'bottom' : 'top',
  };
  if (/absolute/i.test(style.get('position') ?? '')) {
    model.absolute = {
      top: (lengthPx(style.get('top')) ?? 0) + (lengthPx(style.get('margin-top')) ?? 0),
      left: (lengthPx(style.get('left')) ?? 0) + (lengthPx(style.get('margin-left')) ?? 0),
      zIndex: Number(style.get('z-index') ?? 0) || 0,
      centred: /center/i.test(style.get('mso-position-horizontal') ?? ''),
    };
  }
  if (kind === 'line')
    model.line = { from: readPoint(shape.attribs.from), to: readPoint(shape.attribs.to) };
  if (kind === 'image')
    model.imageSrc = imageOf(shape.attribs.src ?? child(shape, 'v:imagedata')?.attribs.src);
  return model;
}
