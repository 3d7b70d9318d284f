#!/usr/bin/env node
/*
 * The README gallery: 4 real-world emails rendered in 8 clients by the project's own render CLI.
 *
 *   npm run build && node scripts/gallery.js
 *
 * Reads the emails in docs/gallery/sources/ (see its README.md for where each comes from),
 * builds one .eml per email in a temporary directory (MJML compiled with `mjml`, the Foundation
 * Inky page with `inky` + `juice`, the Postmark placeholders filled in), with every remote image
 * replaced by a `cid:` part holding a solid-colour placeholder of the image's size: the gallery is
 * rendered offline. Then, two at a time, runs
 *
 *   node dist/render-cli.js <email.eml> --client <CODE> --out <tmp dir>
 *
 * for each (email, client), crops the 450 px wide thumbnail (`*-thumb450.png`) to its top 900 px
 * and writes docs/gallery/<email>-<client>.jpg (JPEG quality 78), then docs/gallery/README.md
 * (the whole table, with the engine each client was drawn by, from the CLI's report) and
 * docs/gallery/README-section.md (the short section for the top-level README).
 *
 * `node scripts/gallery.js --eml-only <dir>` writes the four .eml files to <dir> and stops
 * (to look at them, or render one by hand with `npm run render -- <dir>/mjml.eml --client OL2019`).
 *
 * Plain CommonJS, requires from node_modules only. Exits 1 if any render failed (the
 * others are still written; the failed cells say so).
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
// inky's old cheerio calls util._extend: keep its deprecation warning out of the output.
process.noDeprecation = true;
const sharp = require('sharp');
const mjml2html = require('mjml');
const Inky = require('inky/lib/inky');
const juice = require('juice');
const Handlebars = require('handlebars');
const MailComposer = require('nodemailer/lib/mail-composer');

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'dist', 'render-cli.js');
const GALLERY = path.join(ROOT, 'docs', 'gallery');
const SOURCES = path.join(GALLERY, 'sources');
const COMMAND = 'npm run build && node scripts/gallery.js';

const CLIENTS = [
  'OL2019',
  'GMAILNEW',
  'OUTLOOKCOM',
  'APPMAIL15',
  'IPHONE13',
  'ANDROIDGMAILAPP',
  'THUNDERBIRDLATEST',
  'IPHONE13DARK',
];
/** The clients of the short section for the top-level README. */
const SECTION_CLIENTS = ['OL2019', 'GMAILNEW', 'IPHONE13', 'THUNDERBIRDLATEST'];
const CONCURRENCY = 2;
const THUMB_HEIGHT = 900;
const JPEG_QUALITY = 78;
/** Size of a placeholder whose image states no size at all. */
const DEFAULT_SIZE = { width: 600, height: 300 };
/** Soft colours for the placeholders, in turn. */
const PALETTE = ['#cfe0f3', '#f4dcc8', '#d6ead7', '#e6dbf1', '#f3eac4', '#d2e7e6'];

const EMAILS = [
  {
    slug: 'mjml',
    title: 'MJML order confirmation',
    subject: 'Your order #34341 is confirmed',
    build: buildMjml,
  },
  {
    slug: 'cerberus',
    title: 'Cerberus hybrid',
    subject: 'Cerberus hybrid template',
    build: () => read('cerberus-hybrid.html'),
  },
  {
    slug: 'foundation',
    title: 'Foundation for Emails "hero"',
    subject: 'Welcome to Foundation for Emails',
    build: buildFoundation,
  },
  {
    slug: 'postmark',
    title: 'Postmark receipt',
    subject: 'Your receipt from Acme Cloud',
    build: buildPostmark,
  },
];

function read(name) {
  return fs.readFileSync(path.join(SOURCES, name), 'utf8');
}

async function buildMjml() {
  const source = read('mjml-order-confirmation.mjml').replaceAll('{CUSTOMER_NAME}', 'Alex Martin');
  const result = await mjml2html(source, { validationLevel: 'soft' });
  for (const error of result.errors || [])
    console.warn(`mjml: ${error.formattedMessage || error.message}`);
  return result.html;
}

/** As foundation-emails-template's build: page into layout, Inky, then CSS inlined (media queries kept). */
function buildFoundation() {
  const page = read('foundation-hero.inky.html');
  const css = fs.readFileSync(
    require.resolve('foundation-emails/dist/foundation-emails.css'),
    'utf8',
  );
  const layout = read('foundation-layout.html')
    .replace(/\{\{!--[\s\S]*?--\}\}\s*/g, '')
    .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${css}</style>`)
    .replace('{{subject}}', 'Welcome to Foundation for Emails')
    .replace('{{description}}', 'A hero image, a callout and a button, built with Inky.');
  const html = layout.replace('{{> body}}', () => page);
  const inky = new Inky({});
  const converted = inky.releaseTheKraken(html);
  return juice(converted, { preserveMediaQueries: true, removeStyleTags: true });
}

function buildPostmark() {
  const template = Handlebars.compile(read('postmark-receipt.html'));
  const html = template({
    name: 'Alex',
    purchase_date: 'March 14, 2026',
    credit_card_brand: 'Visa',
    credit_card_last_four: '4242',
    billing_url: 'https://example.com/billing',
    expiration_date: 'April 30, 2026',
    receipt_id: 'Receipt #10428',
    date: 'March 14, 2026',
    receipt_details: [
      { description: 'Acme Cloud Pro plan, 1 month', amount: '$49.00' },
      { description: 'Extra seats (3)', amount: '$27.00' },
      { description: 'Sales tax', amount: '$6.08' },
    ],
    total: '$82.08',
    support_url: 'https://example.com/support',
    action_url: 'https://example.com/receipts/10428.pdf',
  });
  return html
    .replaceAll('[Product Name]', 'Acme Cloud')
    .replaceAll('[Company Name, LLC]', 'Acme Cloud, LLC')
    .replaceAll('[Credit Card Statement Name]', 'ACME*CLOUD');
}

// ---------------------------------------------------------------------------------------------
// Remote images -> cid: placeholders

const REMOTE = /^(https?:)?\/\//i;

/** `placehold.it/548x300`, `via.placeholder.com/680x180/222222/666666`, `.../310`: size and colour. */
function placeholderHint(url) {
  const match =
    /^(?:https?:)?\/\/[^/]*(?:placehold|placeholder|dummyimage)[^/]*\/(\d+)(?:x(\d+))?(?:\/([0-9a-f]{6}|[0-9a-f]{3})\b)?/i.exec(
      url,
    );
  if (!match) return null;
  const width = Number(match[1]);
  return {
    width,
    height: match[2] ? Number(match[2]) : width,
    colour: match[3] ? `#${match[3]}` : null,
  };
}

function number(value) {
  if (value === undefined || value === null) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  return match && Number(match[1]) > 0 ? Math.round(Number(match[1])) : null;
}

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function styleLength(tag, property) {
  const style = attribute(tag, 'style') || '';
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*(\\d+)px`, 'i').exec(style);
  return match ? Number(match[1]) : null;
}

/** Images this narrow, with no height and no hint, are taken for square icons (MJML's social icons). */
const ICON_WIDTH = 64;

/**
 * The size a placeholder gets: width and height from the attributes (or inline style); a missing
 * one from the ratio of a placeholder-service URL (placehold.it/548x300), else square for an icon,
 * else 2:1; nothing known: the URL's size, else 600x300.
 */
function placeholderSize(url, width, height) {
  const hint = placeholderHint(url);
  const icon = !hint && width && !height && width <= ICON_WIDTH;
  const ratio = hint
    ? hint.height / hint.width
    : icon
      ? 1
      : DEFAULT_SIZE.height / DEFAULT_SIZE.width;
  if (width && height) return { width, height };
  if (width) return { width, height: Math.max(1, Math.round(width * ratio)) };
  if (height) return { width: Math.max(1, Math.round(height / ratio)), height };
  return hint ? { width: hint.width, height: hint.height } : { ...DEFAULT_SIZE };
}

/** Replaces the remote images of the HTML by cid: references; returns the HTML and the parts. */
async function localiseImages(html, slug) {
  const parts = new Map(); // key -> { cid, url, width, height, colour }
  const cidFor = (url, size) => {
    const key = `${url} ${size.width}x${size.height}`;
    if (!parts.has(key)) {
      const hint = placeholderHint(url);
      parts.set(key, {
        cid: `${slug}-${parts.size + 1}@gallery.instant-preview`,
        url,
        ...size,
        colour: (hint && hint.colour) || PALETTE[parts.size % PALETTE.length],
      });
    }
    return `cid:${parts.get(key).cid}`;
  };

  // <img>, and the VML images and fills Outlook draws.
  html = html.replace(/<(img|v:image|v:fill|v:imagedata)\b[^>]*>/gi, (tag) => {
    const src = attribute(tag, 'src');
    if (!src || !REMOTE.test(src.trim())) return tag;
    const width = number(attribute(tag, 'width')) ?? styleLength(tag, 'width');
    const height = number(attribute(tag, 'height')) ?? styleLength(tag, 'height');
    const cid = cidFor(src.trim(), placeholderSize(src.trim(), width, height));
    return tag.replace(/(\ssrc\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s>]+)/i, `$1"${cid}"`);
  });
  // background="..." attributes.
  html = html.replace(
    /(\sbackground\s*=\s*)(["'])((?:https?:)?\/\/[^"']+)\2/gi,
    (_all, before, quote, url) =>
      `${before}${quote}${cidFor(url, placeholderSize(url, null, null))}${quote}`,
  );
  // CSS backgrounds (inline styles and <style>); not @import or @font-face URLs.
  html = html.replace(
    /(background(?:-image)?\s*:[^;{}<>]*?url\(\s*)(['"]?)((?:https?:)?\/\/[^'")\s]+)\2(\s*\))/gi,
    (_all, before, quote, url, after) =>
      `${before}${quote}${cidFor(url, placeholderSize(url, null, null))}${quote}${after}`,
  );

  const attachments = [];
  for (const part of parts.values()) {
    const content = await sharp({
      create: { width: part.width, height: part.height, channels: 3, background: part.colour },
    })
      .png()
      .toBuffer();
    attachments.push({
      cid: part.cid,
      filename: `${part.cid.split('@')[0]}.png`,
      contentType: 'image/png',
      contentDisposition: 'inline',
      content,
    });
  }
  return { html, attachments, images: [...parts.values()] };
}

function composeEml(email, html, attachments) {
  const composer = new MailComposer({
    from: 'Instant Preview gallery <gallery@example.com>',
    to: 'reader@example.com',
    subject: email.subject,
    date: new Date('2026-03-14T09:00:00Z'),
    messageId: `<${email.slug}@gallery.instant-preview>`,
    html,
    attachments,
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message))),
  );
}

// ---------------------------------------------------------------------------------------------
// Rendering

function runCli(file, client, outDir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, file, '--client', client, '--out', outDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

function lastLine(text) {
  return (
    text
      .trim()
      .split('\n')
      .filter((line) => !/sandbox/i.test(line))
      .at(-1) || 'no output'
  );
}

/** The engine from the first report line: "Drawn by WebKit 2.50.6, the client's own engine". */
function parseRun(stdout) {
  // The full picture (not the thumbnail, which is one screen of the client's window).
  const thumb = /^wrote (\S+-\d+\.png)$/m.exec(stdout);
  const drawn = /Drawn by (.+)$/m.exec(stdout);
  const size = /^size: (.*)$/m.exec(stdout);
  const total = /total (\d+) ms/.exec(stdout);
  let engine = null;
  if (drawn) {
    const text = drawn[1].trim();
    const substitute = /^(.+?) instead of the client's (.+)$/.exec(text);
    engine = substitute
      ? { name: substitute[1], note: `instead of the client's ${substitute[2]}` }
      : { name: text.replace(/, the client's own engine$/, ''), note: null };
  }
  return {
    thumb: thumb ? thumb[1] : null,
    engine,
    size: size ? size[1] : null,
    cut: size ? /\(cut\)/.test(size[1]) : false,
    renderMs: total ? Number(total[1]) : null,
  };
}

async function pool(items, limit, worker) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await worker(item);
    }
  });
  await Promise.all(runners);
}

function clientNames() {
  // Each family's profiles, as the build copies them (src/rendering/families/*/profiles.json).
  const families = path.join(ROOT, 'dist', 'rendering', 'families');
  const names = {};
  try {
    for (const family of fs.readdirSync(families)) {
      const file = path.join(families, family, 'profiles.json');
      if (!fs.existsSync(file)) continue;
      for (const [code, profile] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))))
        names[code] = profile.name;
    }
  } catch {
    // Not built: the codes stand for the names.
  }
  return Object.fromEntries(CLIENTS.map((code) => [code, names[code] || code]));
}

function jpgName(email, client) {
  return `${email.slug}-${client.toLowerCase()}.jpg`;
}

// ---------------------------------------------------------------------------------------------
// Markdown

function galleryReadme(results, engines, names) {
  const header = `| | ${CLIENTS.map((c) => `${names[c]}<br>\`${c}\``).join(' | ')} |`;
  const rule = `| --- | ${CLIENTS.map(() => '---').join(' | ')} |`;
  const rows = EMAILS.map((email) => {
    const cells = CLIENTS.map((client) => {
      const result = results.get(`${email.slug} ${client}`);
      if (!result || !result.ok) return '*render failed*';
      const file = jpgName(email, client);
      return `[![${email.title} in ${names[client]}](${file})](${file})`;
    });
    return `| **${email.title}** | ${cells.join(' | ')} |`;
  });
  const engineLines = CLIENTS.map((client) => {
    const list = engines.get(client) || [];
    const text = list.length
      ? list.map((e) => `${e.name}${e.note ? ` (${e.note})` : ''}`).join('; ')
      : 'unknown (no render succeeded)';
    return `- \`${client}\` (${names[client]}): drawn by ${text}`;
  });
  return `# Gallery

Four real-world emails, each rendered by Instant Preview in eight email clients. Every picture is
the full capture the render CLI writes, scaled to 450 px wide and cut to its top 900 px.
Click one to open it.

**Images are placeholders.** The gallery is rendered offline, so each remote image of the
templates is replaced by a solid-colour block of the image's size, sent as an inline (\`cid:\`)
part of the message. The fonts the templates load from the web (Google Fonts in the Postmark
receipt) fall back to the clients' own fonts for the same reason.

| Email | Source |
| --- | --- |
| MJML order confirmation | [bbulakh/ecommerce-email](https://github.com/bbulakh/ecommerce-email) \`order-confirmation.mjml\`, compiled with \`mjml\` |
| Cerberus hybrid | [emailmonday/Cerberus](https://github.com/emailmonday/Cerberus) \`cerberus-hybrid.html\` |
| Foundation for Emails "hero" | [foundation/foundation-emails](https://github.com/foundation/foundation-emails) \`templates/hero.html\` (Inky), built with \`inky\` + \`juice\` |
| Postmark receipt | [ActiveCampaign/postmark-templates](https://github.com/ActiveCampaign/postmark-templates) \`templates-inlined/basic/receipt\`, sample data filled in |

All four are MIT-licensed; commits, licence texts and what the script changes are in
[sources/README.md](sources/README.md).

${header}
${rule}
${rows.join('\n')}

The engine that drew each client, as the first line of the CLI's report says:

${engineLines.join('\n')}

Regenerate (about a minute; renders run two at a time):

\`\`\`sh
${COMMAND}
\`\`\`

This file and the pictures are written by [\`scripts/gallery.js\`](../../scripts/gallery.js); edit
the script, not them.
`;
}

function readmeSection(results, names) {
  const header = `| | ${SECTION_CLIENTS.map((c) => names[c]).join(' | ')} |`;
  const rule = `| --- | ${SECTION_CLIENTS.map(() => '---').join(' | ')} |`;
  const rows = EMAILS.map((email) => {
    const cells = SECTION_CLIENTS.map((client) => {
      const result = results.get(`${email.slug} ${client}`);
      if (!result || !result.ok) return '*render failed*';
      const file = `docs/gallery/${jpgName(email, client)}`;
      return `[![${email.title} in ${names[client]}](${file})](${file})`;
    });
    return `| **${email.title}** | ${cells.join(' | ')} |`;
  });
  return `## Gallery

Four real-world emails (MJML, Cerberus, Foundation for Emails, Postmark) as Instant Preview
renders them, offline, so images are placeholder blocks. All eight clients and the engine behind
each are in [docs/gallery](docs/gallery/README.md); \`${COMMAND}\` regenerates it.

${header}
${rule}
${rows.join('\n')}
`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const emlOnly = process.argv.indexOf('--eml-only');
  if (emlOnly !== -1 && !process.argv[emlOnly + 1]) {
    console.error('gallery: --eml-only needs a directory');
    process.exit(1);
  }
  if (emlOnly === -1 && !fs.existsSync(CLI)) {
    console.error(`gallery: ${path.relative(ROOT, CLI)} not found; run: ${COMMAND}`);
    process.exit(1);
  }
  const work =
    emlOnly !== -1
      ? path.resolve(process.argv[emlOnly + 1])
      : fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-'));
  fs.mkdirSync(work, { recursive: true });
  console.log(`gallery: working in ${work}`);

  const emls = new Map();
  for (const email of EMAILS) {
    const html = await email.build();
    const { html: local, attachments, images } = await localiseImages(html, email.slug);
    const file = path.join(work, `${email.slug}.eml`);
    fs.writeFileSync(file, await composeEml(email, local, attachments));
    emls.set(email.slug, file);
    const sizes = images.map((i) => `${i.width}x${i.height}`).join(', ');
    console.log(
      `built ${email.slug}.eml: ${images.length} placeholder image(s)${sizes ? ` (${sizes})` : ''}`,
    );
  }

  if (emlOnly !== -1) return;

  const jobs = EMAILS.flatMap((email) => CLIENTS.map((client) => ({ email, client })));
  const results = new Map();
  const engines = new Map(); // client -> unique engines
  let done = 0;
  await pool(jobs, CONCURRENCY, async ({ email, client }) => {
    const outDir = path.join(work, 'out', `${email.slug}-${client.toLowerCase()}`);
    const failed = (r, p) => r.code !== 0 || !p.thumb || !fs.existsSync(p.thumb);
    let run = await runCli(emls.get(email.slug), client, outDir);
    let parsed = parseRun(run.stdout);
    if (failed(run, parsed)) {
      // A browser that does not start under load (seen once: "WebKit did not open a session")
      // is worth one more try; a template the renderer rejects fails again.
      console.warn(`${email.slug} ${client}: failed (${lastLine(run.stderr)}), trying once more`);
      run = await runCli(emls.get(email.slug), client, outDir);
      parsed = parseRun(run.stdout);
    }
    const key = `${email.slug} ${client}`;
    done += 1;
    const label = `[${String(done).padStart(2)}/${jobs.length}] ${email.slug} ${client}`;
    if (failed(run, parsed)) {
      fs.rmSync(path.join(GALLERY, jpgName(email, client)), { force: true }); // no stale picture
      results.set(key, { ok: false });
      console.error(`${label}: FAILED (exit ${run.code})\n${run.stderr.trim()}`);
      return;
    }
    const resized = await sharp(parsed.thumb).resize({ width: 450 }).toBuffer();
    const image = sharp(resized);
    const { width, height } = await image.metadata();
    const target = path.join(GALLERY, jpgName(email, client));
    await image
      .extract({ left: 0, top: 0, width, height: Math.min(height, THUMB_HEIGHT) })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toFile(target);
    if (parsed.engine) {
      const list = engines.get(client) || [];
      if (!list.some((e) => e.name === parsed.engine.name && e.note === parsed.engine.note))
        list.push(parsed.engine);
      engines.set(client, list);
    }
    results.set(key, { ok: true, ...parsed, seconds: run.seconds });
    console.log(
      `${label}: ${run.seconds.toFixed(1)} s (render ${parsed.renderMs} ms), ${parsed.size}, ` +
        `thumb ${width}x${height} -> ${path.relative(ROOT, target)}; ${parsed.engine ? parsed.engine.name : 'engine ?'}`,
    );
  });

  const names = clientNames();
  fs.writeFileSync(path.join(GALLERY, 'README.md'), galleryReadme(results, engines, names));
  fs.writeFileSync(path.join(GALLERY, 'README-section.md'), readmeSection(results, names));

  const ok = [...results.values()].filter((r) => r.ok);
  const seconds = ok.map((r) => r.seconds).sort((a, b) => a - b);
  const bytes = fs
    .readdirSync(GALLERY)
    .filter((f) => f.endsWith('.jpg'))
    .reduce((sum, f) => sum + fs.statSync(path.join(GALLERY, f)).size, 0);
  console.log(
    `gallery: ${ok.length}/${jobs.length} rendered; per render ${seconds[0]?.toFixed(1)}-` +
      `${seconds.at(-1)?.toFixed(1)} s (median ${seconds[Math.floor(seconds.length / 2)]?.toFixed(1)} s); ` +
      `pictures ${(bytes / 1024 / 1024).toFixed(2)} MB; wrote docs/gallery/README.md and README-section.md`,
  );
  fs.rmSync(work, { recursive: true, force: true });
  if (ok.length < jobs.length) process.exit(1);
}

main().catch((error) => {
  console.error(`gallery: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
