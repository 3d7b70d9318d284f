import type { Element } from 'domhandler';
import { MISSING_IMAGE } from '../../../model/email-content';
import { childElement, readFill, VmlFill } from './vml-fill';
import {
  cssLength,
  flag,
  fraction,
  Inset,
  lengthPx,
  pair,
  readInset,
  round,
  styleOf,
  vmlColor,
} from './vml-values';

export type ShapeKind = 'rect' | 'roundrect' | 'oval' | 'line' | 'image' | 'group' | 'background';

/** Where an absolutely positioned shape sits in its containing block, in px. */
export interface Placement {
  top: number;
  left: number;
  zIndex: number;
  /** `mso-position-horizontal:center`: centred in the containing block. */
  centred: boolean;
}

export interface VmlStroke {
  color: string;
  weight: number;
  style: 'solid' | 'dashed' | 'dotted';
}

/** One VML shape as Outlook draws it (Microsoft VML reference), in CSS units. */
export interface VmlShape {
  kind: ShapeKind;
  /** CSS lengths; height absent: the shape grows with its text. */
  width?: string;
  height?: string;
  absolute?: Placement;
  /** `position:relative`: drawn in the line, moved by top/left (px). */
  offset?: { top: number; left: number };
  /** CSS border-radius (roundrect, oval). */
  radius?: string;
  fill?: VmlFill;
  stroke?: VmlStroke;
  /** Text box insets in px: top, right, bottom, left. */
  inset: Inset;
  anchor: 'top' | 'middle' | 'bottom';
  line?: { from: [number, number]; to: [number, number] };
  image?: { src?: string; alt?: string };
}

/** A v:group's coordinate space (coordsize, coordorigin) mapped to its size in px. */
export interface GroupFrame {
  scaleX: number;
  scaleY: number;
  originX: number;
  originY: number;
}

export const SHAPE_TAGS = new Set(['v:rect', 'v:roundrect', 'v:oval', 'v:line', 'v:image']);

/**
 * A `v:shape` drawn as a rectangle: one without its own path whose type, if any, is one of
 * Office's rectangular shape types (`_x0000_t1` rectangle, `_x0000_t75` picture frame,
 * `_x0000_t202` text box). Any other path is not drawn.
 */
export function isTrivialShape(element: Element): boolean {
  if (element.tagName !== 'v:shape' || element.attribs.path) return false;
  const type = element.attribs.type;
  return !type || /_x0000_t(1|75|202)$/i.test(type);
}

/** The shapes, groups and backgrounds this module draws. */
export const isDrawn = (element: Element) =>
  SHAPE_TAGS.has(element.tagName) ||
  element.tagName === 'v:group' ||
  element.tagName === 'v:background' ||
  isTrivialShape(element);

/**
 * A roundrect's corner radius. The reference defines arcsize as a fraction of half the
 * shorter side, but Outlook draws it as a fraction of the whole shorter side (an 536x268
 * shape at 19% gets 50px corners: vivid-planet/dextinity#6296), which is also how
 * buttons.cm and MJML.NET's mso-button compute it (4px on a 40px button: 10%); never more
 * than half the shorter side.
 */
export function cornerRadius(arcSize: number, width?: number, height?: number): string {
  const shorter = Math.min(width ?? Infinity, height ?? Infinity);
  if (!Number.isFinite(shorter)) return `${round(Math.min(arcSize, 0.5) * 100)}%`;
  return `${round(Math.min(arcSize * shorter, shorter / 2))}px`;
}

/** VML dash styles (dot, dash, longdash, dashdot, shortdashdotdot, "4 2"...) as CSS. */
function dashStyle(value: string | undefined): VmlStroke['style'] {
  if (!value || /^\s*solid\s*$/i.test(value)) return 'solid';
  return /^\s*(short)?dot\s*$/i.test(value) ? 'dotted' : 'dashed';
}

/** Office's picture frame shape type, which is neither filled nor stroked by default. */
const isPictureFrame = (element: Element) => /_x0000_t75$/i.test(element.attribs.type ?? '');

function readStroke(shape: Element, kind: ShapeKind): VmlStroke | undefined {
  const stroke = childElement(shape, 'v:stroke')?.attribs ?? {};
  const drawnByDefault = kind !== 'image' && !isPictureFrame(shape);
  const on =
    flag(shape.attribs.stroked ?? shape.attribs.stroke, drawnByDefault) && flag(stroke.on, true);
  if (!on) return undefined;
  const base = vmlColor(shape.attribs.strokecolor) ?? 'black';
  return {
    color: vmlColor(stroke.color, base) ?? base,
    weight: lengthPx(stroke.weight ?? shape.attribs.strokeweight ?? '0.75pt') ?? 1,
    style: dashStyle(stroke.dashstyle),
  };
}

function readPoint(value: string | undefined, fallback: [number, number]): [number, number] {
  const [x, y] = pair(value) ?? [];
  return [lengthPx(x) ?? fallback[0], lengthPx(y) ?? fallback[1]];
}

function kindOf(element: Element): ShapeKind {
  if (element.tagName === 'v:shape') return childElement(element, 'v:imagedata') ? 'image' : 'rect';
  return element.tagName.slice(2) as ShapeKind;
}

/** A v:group's coordinate frame: coordsize (default 1000,1000) onto its width and height. */
export function groupFrame(group: Element): GroupFrame {
  const style = styleOf(group.attribs.style);
  const [cw, ch] = (pair(group.attribs.coordsize) ?? []).map(Number);
  const [ox, oy] = (pair(group.attribs.coordorigin) ?? []).map(Number);
  const width = lengthPx(style.get('width'));
  const height = lengthPx(style.get('height'));
  return {
    scaleX: width !== undefined ? width / (cw || 1000) : 1,
    scaleY: height !== undefined ? height / (ch || 1000) : 1,
    originX: ox || 0,
    originY: oy || 0,
  };
}

/** A shape inside a group is placed in the group's coordinates. */
function placeInGroup(model: VmlShape, style: Map<string, string>, frame: GroupFrame): void {
  const coordinate = (name: string) => Number.parseFloat(style.get(name) ?? '') || 0;
  const width = Number.parseFloat(style.get('width') ?? '');
  const height = Number.parseFloat(style.get('height') ?? '');
  model.absolute = {
    left: round((coordinate('left') - frame.originX) * frame.scaleX),
    top: round((coordinate('top') - frame.originY) * frame.scaleY),
    zIndex: Number.parseInt(style.get('z-index') ?? '0', 10) || 0,
    centred: false,
  };
  if (Number.isFinite(width)) model.width = `${round(width * frame.scaleX)}px`;
  if (Number.isFinite(height)) model.height = `${round(height * frame.scaleY)}px`;
}

function readPosition(model: VmlShape, style: Map<string, string>): void {
  const position = style.get('position')?.toLowerCase();
  const along = (side: 'top' | 'left') =>
    (lengthPx(style.get(side)) ?? 0) + (lengthPx(style.get(`margin-${side}`)) ?? 0);
  if (position === 'absolute') {
    model.absolute = {
      top: round(along('top')),
      left: round(along('left')),
      zIndex: Number.parseInt(style.get('z-index') ?? '0', 10) || 0,
      centred: /^center/i.test(style.get('mso-position-horizontal') ?? ''),
    };
  } else if (position === 'relative' && (along('top') || along('left')))
    model.offset = { top: round(along('top')), left: round(along('left')) };
}

/** The size from the style: width/height in any unit, mso-width/height-percent in 1000ths. */
function readSize(model: VmlShape, style: Map<string, string>, fitsText: boolean): void {
  const percent = (name: string) => {
    const value = Number(style.get(name));
    return value > 0 ? `${round(value / 10)}%` : undefined;
  };
  model.width = percent('mso-width-percent') ?? cssLength(style.get('width'));
  model.height = fitsText
    ? undefined
    : (percent('mso-height-percent') ?? cssLength(style.get('height')));
}

/**
 * Reads a VML shape element (with its v:fill, v:stroke, v:imagedata, v:textbox children) as
 * a model; `frame` when it lies in a v:group.
 */
export function readShape(element: Element, frame?: GroupFrame): VmlShape {
  const kind = kindOf(element);
  const style = styleOf(element.attribs.style);
  const textbox = childElement(element, 'v:textbox');
  const textStyle = styleOf(textbox?.attribs.style);
  const fitsText = /^t(rue)?$/i.test(textStyle.get('mso-fit-shape-to-text') ?? '');
  const anchor = (style.get('v-text-anchor') ?? textStyle.get('v-text-anchor') ?? 'top')
    .toLowerCase()
    .split('-')[0];
  const model: VmlShape = {
    kind,
    inset: readInset(textbox?.attribs.inset),
    anchor: anchor === 'middle' || anchor === 'bottom' ? anchor : 'top',
  };
  readSize(model, style, fitsText);
  if (frame) placeInGroup(model, style, frame);
  else readPosition(model, style);
  if (kind === 'group') return model;
  if (kind !== 'line' && kind !== 'image') model.fill = readFill(element, !isPictureFrame(element));
  if (kind !== 'background') model.stroke = readStroke(element, kind);
  if (kind === 'roundrect') {
    const px = (value?: string) => (value?.endsWith('px') ? Number.parseFloat(value) : undefined);
    model.radius = cornerRadius(
      fraction(element.attribs.arcsize) ?? 0.2,
      px(model.width),
      px(model.height),
    );
  }
  if (kind === 'oval') model.radius = '50%';
  if (kind === 'line')
    model.line = {
      from: readPoint(element.attribs.from, [0, 0]),
      to: readPoint(element.attribs.to, [10, 10]),
    };
  if (kind === 'image') {
    const src = element.attribs.src ?? childElement(element, 'v:imagedata')?.attribs.src;
    model.image = {
      src: src && src !== MISSING_IMAGE ? src : undefined,
      alt: element.attribs.alt ?? childElement(element, 'v:imagedata')?.attribs['o:title'],
    };
  }
  return model;
}
