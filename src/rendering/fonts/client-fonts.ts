import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An open font installed here (scripts/setup.sh, docker/Dockerfile), with the full names of
 * its four faces as `local()` finds them (fontconfig's `fullname`).
 */
export interface InstalledFont {
  family: string;
  /** Regular, bold, italic, bold italic. */
  faces: readonly [string, string, string, string];
  /** The Debian package that installs it (named when it is missing). */
  debian: string;
}

const installed = (family: string, faces: InstalledFont['faces'], debian: string) => ({
  family,
  faces,
  debian,
});

export const ROBOTO = installed(
  'Roboto',
  ['Roboto', 'Roboto Bold', 'Roboto Italic', 'Roboto Bold Italic'],
  'fonts-roboto-unhinted',
);
export const INTER = installed(
  'Inter',
  ['Inter Regular', 'Inter Bold', 'Inter Italic', 'Inter Bold Italic'],
  'fonts-inter',
);
export const NOTO_SANS = installed(
  'Noto Sans',
  ['Noto Sans Regular', 'Noto Sans Bold', 'Noto Sans Italic', 'Noto Sans Bold Italic'],
  'fonts-noto-core',
);
export const CARLITO = installed(
  'Carlito',
  ['Carlito', 'Carlito Bold', 'Carlito Italic', 'Carlito Bold Italic'],
  'fonts-crosextra-carlito',
);
export const CALADEA = installed(
  'Caladea',
  ['Caladea Regular', 'Caladea Bold', 'Caladea Italic', 'Caladea Bold Italic'],
  'fonts-crosextra-caladea',
);
export const LIBERATION_SANS = installed(
  'Liberation Sans',
  [
    'Liberation Sans',
    'Liberation Sans Bold',
    'Liberation Sans Italic',
    'Liberation Sans Bold Italic',
  ],
  'fonts-liberation2',
);

/** Every font a family's fonts are drawn with: readiness checks each face is installed. */
export const INSTALLED_FONTS: readonly InstalledFont[] = [
  ROBOTO,
  INTER,
  NOTO_SANS,
  CARLITO,
  CALADEA,
  LIBERATION_SANS,
];

/**
 * A font a client's system or page provides, by the name emails give it, and the installed
 * font that draws it here: the font itself, a metric-compatible clone (same widths, so the
 * same line breaks), or a substitute (another design of the same kind, said in the report).
 */
export interface ClientFont {
  name: string;
  drawnWith: InstalledFont;
  is: 'the font' | 'metric-compatible' | 'substitute';
}

/** What Windows and Office provide, as Outlook for Windows and Outlook.com readers have it. */
export const WINDOWS_FONTS: readonly ClientFont[] = [
  { name: 'Calibri', drawnWith: CARLITO, is: 'metric-compatible' },
  { name: 'Cambria', drawnWith: CALADEA, is: 'metric-compatible' },
  // Segoe UI, Windows's interface font: Noto Sans is a humanist sans of the same kind.
  { name: 'Segoe UI', drawnWith: NOTO_SANS, is: 'substitute' },
];

/**
 * Installed fonts that no client has under these names: a family that does not provide
 * them must not find them either (an email naming Roboto falls through its stack in Apple
 * Mail as on a Mac). Each is declared with a font that has no glyph (no-glyphs.ttf, built
 * by scripts/make-blank-font.py): the engine finds no character in it and moves on to the
 * next family of the stack. A face that fails to load would not do: Blink then draws the
 * installed font of that name.
 */
const NOT_ON_EVERY_CLIENT = ['Roboto', 'Inter', 'Carlito', 'Caladea'];
const NO_GLYPHS = `url(data:font/ttf;base64,${readFileSync(join(__dirname, 'no-glyphs.ttf')).toString('base64')}) format("truetype")`;

const WEIGHT_STYLE = [
  ['400', 'normal'],
  ['700', 'normal'],
  ['400', 'italic'],
  ['700', 'italic'],
] as const;

/** The frame's @font-face rules: the family's own fonts by name, and the absent ones. */
export function clientFontFaces(fonts: readonly ClientFont[]): string[] {
  const rules: string[] = [];
  for (const font of fonts)
    font.drawnWith.faces.forEach((face, index) => {
      const [weight, style] = WEIGHT_STYLE[index];
      rules.push(
        `@font-face { font-family: ${JSON.stringify(font.name)}; src: local(${JSON.stringify(face)}); font-weight: ${weight}; font-style: ${style}; }`,
      );
    });
  const named = new Set(fonts.map((font) => font.name.toLowerCase()));
  for (const name of NOT_ON_EVERY_CLIENT)
    if (!named.has(name.toLowerCase()))
      rules.push(`@font-face { font-family: ${JSON.stringify(name)}; src: ${NO_GLYPHS}; }`);
  return rules;
}

/** The fonts an email names that the client has only through a stand-in, as words. */
export function standInsNamed(fonts: readonly ClientFont[], html: string): ClientFont[] {
  return fonts.filter((font) => font.is !== 'the font' && namesFont(html, font.name));
}

function namesFont(html: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return new RegExp(`font(-family)?\\s*:[^;"}>]*['"]?${escaped}['"]?\\s*[,;"'}]`, 'i').test(html);
}

/**
 * What a profile's emulation note says of its fonts: each font of the client drawn with
 * another one here, and how close that one is. Empty when the client has none.
 */
export function fontNote(fonts: readonly ClientFont[]): string {
  const standIns = fonts.filter((font) => font.is !== 'the font');
  if (standIns.length === 0) return '';
  const said = standIns.map(
    (font) =>
      `${font.name} is drawn with ${font.drawnWith.family} (${font.is === 'substitute' ? 'a substitute: another design' : 'metric-compatible: same widths'})`,
  );
  return `Fonts: ${said.join('; ')}.`;
}
