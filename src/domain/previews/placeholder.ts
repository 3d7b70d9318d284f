import sharp from 'sharp';

let cached: Promise<Buffer> | undefined;

/** The image shown instead of a broken one when `fallback=true` (made once, kept in memory). */
export function placeholderPng(): Promise<Buffer> {
  cached ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="450" height="300">
      <rect width="100%" height="100%" fill="#f2f2f2" stroke="#d0d0d0" stroke-width="2"/>
      <text x="50%" y="52%" font-family="Liberation Sans, Arial, sans-serif" font-size="20" fill="#777"
        text-anchor="middle">Preview unavailable</text></svg>`),
  )
    .png()
    .toBuffer();
  return cached;
}
