/**
 * Characters that take no room on screen: preheader spacers and invisible joiners. The
 * combining marks among them (U+034F, a common spacer, and U+17B4/5) stand outside the class:
 * inside it, each would read as combining with the character before it.
 */
const INVISIBLE =
  /(?:[\s\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2060-\u2064\ufeff]|\u034f|\u17b4|\u17b5)+/g;

/** Collapses whitespace and drops the invisible characters, so empty means empty to a reader. */
export function normalizeText(text: string): string {
  return text.replace(INVISIBLE, ' ').trim().replace(/ +/g, ' ');
}

/** The first `max` characters of a text, for a message; an ellipsis says it was cut. */
export function excerpt(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
