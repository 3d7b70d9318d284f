import { serveOnLoopback } from './loopback-server';
import sharp from 'sharp';

export interface ImageServer {
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A solid-colour PNG of the given size. */
export function solidPng(
  width: number,
  height: number,
  rgb: [number, number, number],
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
}

/**
 * A real HTTP server on 127.0.0.1 that serves test images and logs every request:
 * /red.png, /blue.png, /page.html (not an image), /big.png (over a small limit),
 * /redirect?to=<url> (302).
 */
export async function startImageServer(): Promise<ImageServer> {
  const red = await solidPng(40, 20, [255, 0, 0]);
  const blue = await solidPng(40, 20, [0, 0, 255]);
  const big = Buffer.alloc(300_000, 1);
  const requests: string[] = [];
  const server = await serveOnLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname + url.search);
    if (url.pathname === '/red.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(red);
    if (url.pathname === '/blue.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(blue);
    if (url.pathname === '/big.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(big);
    if (url.pathname === '/page.html')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>');
    if (url.pathname === '/redirect') {
      return res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    }
    res.writeHead(404).end();
  });
  return { ...server, requests };
}
