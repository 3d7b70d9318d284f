import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientProfile } from '../profile/client-profile';

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
 * same line breaks), a substitute (another design of the same kind, said in the report), or
 * the font the platform itself draws for that name (an alias: Android's Arial is Roboto).
 */
export interface ClientFont {
  name: string;
  drawnWith: InstalledFont;
  is: 'the font' | 'metric-compatible' | 'substitute' | 'alias';
}

/**
 * The font a client shows an email's text in where the email names none: its stack and size,
 * and where that is documented. `assumed`: nothing public documents it; the source then says
 * why this one was chosen, and the profile's emulation note says it is an assumption.
 */
export interface DefaultFont {
  family: string;
  size?: string;
  source: string;
  assumed?: true;
}

/** The fallback of clients that document no default of their own. */
export const ARIAL = 'Arial, Helvetica, sans-serif';

/** What Windows and Office provide, as Outlook for Windows and Outlook.com readers have it. */
export const WINDOWS_FONTS: readonly ClientFont[] = [
  { name: 'Calibri', drawnWith: CARLITO, is: 'metric-compatible' },
  { name: 'Cambria', drawnWith: CALADEA, is: 'metric-compatible' },
  // Segoe UI, Windows's interface font: Noto Sans is a humanist sans of the same kind.
  { name: 'Segoe UI', drawnWith: NOTO_SANS, is: 'substitute' },
];

/**
 * Android's own fonts, whatever the app: Roboto is its sans-serif, and its fonts.xml (AOSP
 * frameworks/base data/fonts/fonts.xml) aliases Arial, Helvetica, Tahoma and Verdana to it,
 * so an email's Arial is Roboto in every Android client's WebView.
 */
const ANDROID_FONTS: readonly ClientFont[] = [
  { name: 'Roboto', drawnWith: ROBOTO, is: 'the font' },
  ...['Arial', 'Helvetica', 'Tahoma', 'Verdana'].map((name) => ({
    name,
    drawnWith: ROBOTO,
    is: 'alias' as const,
  })),
];

/** The fonts a profile's reader has: its client's, then its device's (Android's aliases). */
export function fontsOf(
  clientFonts: readonly ClientFont[] | undefined,
  profile: ClientProfile,
): ClientFont[] {
  const device = profile.platform.startsWith('Android') ? ANDROID_FONTS : [];
  const fonts = [...(clientFonts ?? []), ...device];
  return fonts.filter((font, index) => fonts.findIndex((f) => f.name === font.name) === index);
}

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
      // Blink and Gecko find a face by its full name; WebKitGTK only by its family, with
      // the rule's weight and style: that second source is WebKit's.
      const sources = [...new Set([face, font.drawnWith.family])].map(
        (name) => `local(${JSON.stringify(name)})`,
      );
      rules.push(
        `@font-face { font-family: ${JSON.stringify(font.name)}; src: ${sources.join(', ')}; font-weight: ${weight}; font-style: ${style}; }`,
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
  return fonts.filter((font) => isStandIn(font) && namesFont(html, font.name));
}

const isStandIn = (font: ClientFont) => font.is === 'metric-compatible' || font.is === 'substitute';

function namesFont(html: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return new RegExp(`font(-family)?\\s*:[^;"}>]*['"]?${escaped}['"]?\\s*[,;"'}]`, 'i').test(html);
}

/**
 * What a profile's emulation note says of its fonts: its default body font and where that
 * is documented (or that it is assumed), each font of the client drawn with another one
 * here and how close that one is, and the names its platform draws with another font.
 */
export function fontNote(defaultFont: DefaultFont, fonts: readonly ClientFont[]): string {
  const size = defaultFont.size ? ` at ${defaultFont.size}` : '';
  const said = [
    `Default body font: ${defaultFont.family}${size} (${defaultFont.assumed ? 'assumed: ' : ''}${defaultFont.source}).`,
  ];
  const standIns = fonts
    .filter(isStandIn)
    .map(
      (font) =>
        `${font.name} is drawn with ${font.drawnWith.family} (${font.is === 'substitute' ? 'a substitute: another design' : 'metric-compatible: same widths'})`,
    );
  if (standIns.length) said.push(`Fonts: ${standIns.join('; ')}.`);
  const aliases = fonts.filter((font) => font.is === 'alias');
  if (aliases.length)
    said.push(
      `${aliases.map((font) => font.name).join(', ')}: ${aliases[0].drawnWith.family}, as the platform draws them.`,
    );
  return said.join(' ');
}
