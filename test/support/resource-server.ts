import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solidPng } from './image-server';
import { serveOnLoopback } from './loopback-server';

/** The web font the probes serve (a monospaced face: see test/fixtures/fonts/README.md). */
export const PROBE_FONT = readFileSync(
  join(__dirname, '../fixtures/fonts/LiberationMono-Regular.ttf'),
);

export interface ResourceServer {
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

const FACE = (src: string) =>
  `@font-face { font-family: 'Probe'; src: url('${src}') format('truetype'); }`;
const PROBE_RULES = `.probe { font-family: 'Probe', serif; font-size: 40px; line-height: 60px; }`;

/**
 * A real HTTP server on 127.0.0.1 with what emails load besides images:
 * - /probe.ttf (font/ttf); /probe-as-html.ttf (the font, served as text/html);
 *   /html-as-font.woff2 (an HTML page, served as font/woff2);
 * - /fonts.css: a @font-face naming `probe.ttf` relatively, and the .probe rule;
 *   /import.css: `@import "fonts.css"`; /rule.css: `.linked` painted green;
 *   /page.css: a stylesheet served as text/html;
 * - /loop-a.css and /loop-b.css import each other; /many.css imports /many/0.css ...
 *   /many/9999.css (10,000 @imports), each of which exists;
 * - /poster.png: a green 200x100 poster;
 * - /css2: a Google Fonts stylesheet (a latin and a cyrillic face of `Probe`).
 */
export async function startResourceServer(): Promise<ResourceServer> {
  const poster = await solidPng(200, 100, [0, 200, 0]);
  const css = (body: string) => ({ type: 'text/css', body });
  const many = Array.from({ length: 10_000 }, (_, i) => `@import url("/many/${i}.css");`);
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/probe.ttf': { type: 'font/ttf', body: PROBE_FONT },
    '/probe-as-html.ttf': { type: 'text/html', body: PROBE_FONT },
    '/html-as-font.woff2': { type: 'font/woff2', body: '<!doctype html><p>not a font</p>' },
    '/fonts.css': css(`${FACE('probe.ttf')}\n${PROBE_RULES}`),
    '/import.css': css(`@import "fonts.css";\n.imported { color: #000; }`),
    '/rule.css': css('.linked { background: #00ff00; }'),
    '/page.css': { type: 'text/html', body: '<p>.linked { background: #00ff00; }</p>' },
    '/loop-a.css': css('@import "loop-b.css";\n.a { color: #000; }'),
    '/loop-b.css': css('@import "loop-a.css";\n.b { color: #000; }'),
    '/many.css': css(`${many.join('\n')}\n.many { color: #000; }`),
    '/poster.png': { type: 'image/png', body: poster },
    // As fonts.googleapis.com/css2 answers: one face per script, each with its unicode-range.
    '/css2': css(
      [
        `/* cyrillic */\n@font-face { font-family: 'Probe'; font-style: normal; font-weight: 400; src: url(/s/probe/v1/cyrillic.woff2) format('woff2'); unicode-range: U+0301, U+0400-045F, U+0490-0491; }`,
        `/* latin */\n@font-face { font-family: 'Probe'; font-style: normal; font-weight: 400; src: url(/s/probe/v1/latin.ttf) format('truetype'); unicode-range: U+0000-00FF, U+0131, U+2000-206F; }`,
      ].join('\n'),
    ),
    '/s/probe/v1/latin.ttf': { type: 'font/ttf', body: PROBE_FONT },
    '/s/probe/v1/cyrillic.woff2': { type: 'font/woff2', body: PROBE_FONT },
  };
  const requests: string[] = [];
  const server = await serveOnLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const file = files[path];
    if (file) return res.writeHead(200, { 'content-type': file.type }).end(file.body);
    if (/^\/many\/\d+\.css$/.test(path))
      return res.writeHead(200, { 'content-type': 'text/css' }).end('.many-part { color: #000; }');
    res.writeHead(404).end();
  });
  return { ...server, requests };
}

/** A probe email: a line of `i`s (red) over a line of `M`s (blue), in the probe font's family. */
export function probeEmail(head: string): string {
  return `<!DOCTYPE html><html><head>${head}</head><body style="margin:0;background:#fff">
<p class="probe" style="color:#ff0000;margin:10px">iiiiiiiiii</p>
<p class="probe" style="color:#0000ff;margin:10px">MMMMMMMMMM</p></body></html>`;
}

/** The probe's head, its font declared in the email's own `<style>`. */
export const inlineFace = (base: string) =>
  `<style>${FACE(`${base}/probe.ttf`)}\n${PROBE_RULES}</style>`;
