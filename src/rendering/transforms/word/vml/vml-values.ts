// VML's value syntaxes (Microsoft VML reference): lengths with units, booleans written
// t/f/true/false, fractions written 0.1, 10% or 6554f (65536ths), and "x,y" pairs.

const UNIT_PX: Record<string, number> = {
  px: 1,
  pt: 96 / 72,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  pc: 16,
  em: 16,
};

/** A length in px (a bare number is px, VML's default unit); undefined when not a length. */
export function lengthPx(value: string | undefined): number | undefined {
  const match = value && /^\s*(-?\d*\.?\d+)\s*(px|pt|in|cm|mm|pc|em)?\s*$/i.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_PX[(match[2] ?? 'px').toLowerCase()];
}

/** A VML boolean attribute; `fallback` when absent or unreadable. */
export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (/^\s*(t|true|on|1)\s*$/i.test(value)) return true;
  if (/^\s*(f|false|off|0)\s*$/i.test(value)) return false;
  return fallback;
}

/** A VML fraction: `0.1`, `10%`, or fixed point `6554f` (65536ths). */
export function fraction(value: string | undefined): number | undefined {
  const match = value && /^\s*(-?\d*\.?\d+)\s*(%|f)?\s*$/i.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  if (match[2] === '%') return number / 100;
  if (match[2]?.toLowerCase() === 'f') return number / 65536;
  return number;
}

/** An "x,y" pair of raw items (either may be empty). */
export function pair(value: string | undefined): [string, string] | undefined {
  if (!value) return undefined;
  const [x = '', y = ''] = value.split(',').map((item) => item.trim());
  return [x, y];
}

/** A style attribute's declarations by lower-cased property (VML keeps its geometry there). */
export function styleOf(style: string | undefined): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const item of (style ?? '').split(';')) {
    const colon = item.indexOf(':');
    if (colon > 0)
      declarations.set(item.slice(0, colon).trim().toLowerCase(), item.slice(colon + 1).trim());
  }
  return declarations;
}

/** A colour VML accepts, as CSS; VML's `fill darken(50)` style forms keep their base colour. */
export function cssColor(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const base = value.trim().split(/\s+/)[0];
  return /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([^)]*\))$/i.test(base) ? base : undefined;
}
