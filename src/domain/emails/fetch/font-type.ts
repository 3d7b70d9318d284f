/**
 * A font file's type read from its first bytes (the signatures of the WOFF2, WOFF and
 * OpenType/TrueType specifications), or null: a font is stored only when its bytes say so,
 * whatever the server called it. Written here: file-type would add a dependency for six
 * four-byte tags.
 */
export function fontTypeOf(data: Buffer): string | null {
  if (data.length < 4) return null;
  const tag = data.toString('latin1', 0, 4);
  if (tag === 'wOF2') return 'font/woff2';
  if (tag === 'wOFF') return 'font/woff';
  if (tag === 'OTTO') return 'font/otf';
  if (tag === 'true' || tag === 'ttcf' || data.readUInt32BE(0) === 0x00010000) return 'font/ttf';
  return null;
}

/**
 * Content types a font may be served with: font/*, the older application/font-* and
 * x-font-* names, and the generic binary type many CDNs send. Anything else (HTML, an
 * image, CSS) is refused before its body is read.
 */
export function refusedFontType(contentType: string): string | undefined {
  if (
    contentType === '' ||
    contentType.startsWith('font/') ||
    /^application\/(x-)?font-/.test(contentType) ||
    contentType === 'application/octet-stream' ||
    contentType === 'application/vnd.ms-opentype'
  )
    return undefined;
  return `not a font (${contentType})`;
}
