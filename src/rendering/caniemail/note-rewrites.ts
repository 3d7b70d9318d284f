import { colord } from 'colord';
import type { DeclarationContext, DeclarationVerdict, NoteRule } from './note-rule';

// Rewrites that caniemail's partial-support notes describe (see partial-notes.ts).
const REMOVE: DeclarationVerdict = { action: 'remove' };

export function replaceProperty(note: string): NoteRule {
  const [, from, to] = /Replaces `([\w-]+)` by `([\w-]+)`/.exec(note)!;
  return {
    declaration: (d) => (d.property === from ? { action: 'rewrite', property: to } : undefined),
  };
}

/**
 * Word applies a `background` shorthand only when it is a colour (caniemail css-background
 * #3): one that also names an image is dropped whole, colour included, which is why an MJML
 * section's colour does not show behind its image in Outlook, nor in its place when the image
 * fails (mjmlio/mjml#502, #1747). Outlook draws such backgrounds with VML instead.
 */
export function backgroundColorOnly(d: DeclarationContext): DeclarationVerdict | undefined {
  if (d.property !== 'background') return undefined;
  if (/url\(/i.test(d.value)) return REMOVE;
  const color = d.value
    .match(/#[0-9a-f]{3,8}\b|(rgb|hsl)a?\([^)]*\)|\b[a-z]+\b/gi)
    ?.find((word) => colord(word).isValid());
  return color ? { action: 'rewrite', property: 'background-color', value: color } : REMOVE;
}

export function clampBorder(max: number) {
  return (d: DeclarationContext): DeclarationVerdict | undefined => {
    if (!/^border(-(top|right|bottom|left))?(-width)?$/.test(d.property)) return undefined;
    let clamped = false;
    const value = d.value.replace(/(\d*\.?\d+)px/gi, (length, size: string) => {
      if (Number(size) <= max) return length;
      clamped = true;
      return `${max}px`;
    });
    return clamped ? { action: 'rewrite', value } : undefined;
  };
}

export function roundFontWeight(d: DeclarationContext): DeclarationVerdict | undefined {
  const weight = /^\s*(\d+)\s*$/.exec(d.value);
  if (!weight || ['400', '700'].includes(weight[1])) return undefined;
  return { action: 'rewrite', value: Number(weight[1]) >= 600 ? 'bold' : 'normal' };
}
