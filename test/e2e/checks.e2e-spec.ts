import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { LoopbackServer, serveOnLoopback } from '../support/loopback-server';
import { solidPng } from '../support/image-server';
import { postEmail } from '../support/previews';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

interface Finding {
  id: string;
  severity: string;
  message: string;
  source: string;
  element?: string;
  clients?: string[];
}

/** Images for the emails: a small PNG anywhere, and /heavy.png over the 1 MB budget. */
async function startImages(): Promise<LoopbackServer> {
  const small = await solidPng(120, 40, [37, 99, 235]);
  // Noise does not compress: 700 x 700 x 3 bytes make a PNG of about 1.5 MB.
  const heavy = await sharp(randomBytes(700 * 700 * 3), {
    raw: { width: 700, height: 700, channels: 3 },
  })
    .png()
    .toBuffer();
  return serveOnLoopback((req, res) => {
    const body = req.url === '/heavy.png' ? heavy : small;
    res.writeHead(200, { 'content-type': 'image/png' }).end(body);
  });
}

/** The clean fixture, its images served here, with its footer readable (13px, 4.5:1). */
function cleanEmail(images: string): string {
  return readFileSync(join(__dirname, '../fixtures/checks/clean.html'), 'utf8')
    .replaceAll('https://cdn.example.com/email', images)
    .replaceAll('font-size:12px', 'font-size:13px')
    .replaceAll('#71717a', '#52525b');
}

/** One email with every defect the checks know. */
const defectiveEmail = (images: string) => `<!DOCTYPE html><html><head><title>Sale</title></head>
<body style="margin:0;background:#ffffff">
<div class="preheader" style="font:14px Arial">Spring sale: everything must go</div>
<table width="600"><tr><td style="font:16px Arial;color:#222222">
  <img src="${images}/hero.png">
  <img src="${images}/heavy.png" alt="" width="700" height="700">
  <p><a href="https://shop.example.com/sale">click here</a></p>
  <p><a href="http://shop.example.com/catalogue">Our spring catalogue</a></p>
  <p><a href="https//shop.example.com">Our shop</a></p>
  <p><a href="">Unsubscribe</a></p>
  <p style="font-size:11px">Terms apply to every offer.</p>
  <p style="color:#aaaaaa">Prices shown include taxes.</p>
</td></tr></table></body></html>`;

/** Readable in light; in dark mode, the email's own dark styles put grey text on dark grey. */
const darkOnlyEmail = `<!DOCTYPE html><html lang="en"><head>
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<style>
  :root { color-scheme: light dark; }
  @media (prefers-color-scheme: dark) {
    .card { background-color: #333333 !important; }
    .card p { color: #555555 !important; }
  }
</style></head>
<body style="margin:0"><div style="display:none;max-height:0;overflow:hidden">Your card, in both schemes</div>
<table role="presentation" width="100%"><tr><td class="card" style="background-color:#ffffff;padding:20px">
<p style="color:#222222;font:16px Arial;margin:0">Your statement is ready to read.</p>
</td></tr></table></body></html>`;

describe(`pre-send checks (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let images: LoopbackServer;
  let key: string;
  beforeAll(async () => {
    images = await startImages();
    t = await createTestApp({ env: { ALLOW_PRIVATE_IMAGE_HOSTS: 'true' } });
    key = (await createApplication(t)).api_key;
  });
  afterAll(async () => {
    await t.close();
    await images.close();
  });

  const checksOf = async (guid: string): Promise<Finding[]> =>
    (await request(t.url).get(`/v1/emails/${guid}/checks`).expect(200)).body.checks as Finding[];
  const capture = (guid: string, client: string) =>
    request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);

  it('finds each defect, naming its source', async () => {
    const guid = await postEmail(t, { html_text: defectiveEmail(images.url) }, key);
    await capture(guid, 'OL2019');
    const findings = await checksOf(guid);
    const byId = (id: string) => findings.filter((finding) => finding.id === id);
    const expected: Record<string, RegExp> = {
      'img-alt': /WCAG 2\.2 SC 1\.1\.1/,
      'html-lang': /WCAG 2\.2 SC 3\.1\.1/,
      'table-role': /WCAG 2\.2 SC 1\.3\.1/,
      'link-text': /WCAG 2\.2 SC 2\.4\.4/,
      'text-contrast': /WCAG 2\.2 SC 1\.4\.3/,
      'text-size': /Safari Web Content Guide/,
      'link-malformed': /./,
      'link-insecure': /./,
      'link-empty': /./,
      'img-dimensions': /caniemail/,
      'img-weight': /./,
      'preheader-visible': /./,
    };
    for (const [id, source] of Object.entries(expected)) {
      expect([id, byId(id).length > 0]).toEqual([id, true]);
      for (const finding of byId(id)) expect(finding.source).toMatch(source);
    }
    const contrast = byId('text-contrast');
    expect(contrast).toHaveLength(1);
    expect(contrast[0]).toMatchObject({
      clients: ['OL2019'],
      element: expect.stringMatching(/p$/),
    });
    expect(contrast[0].message).toMatch(/#aaaaaa on #ffffff/);
    expect(byId('text-size')[0].clients).toContain('IPHONE13');
    expect(byId('link-text')[0].message).toMatch(/click here/i);
    // No preview text at all: the inbox shows the first visible text.
    const plain = await postEmail(
      t,
      { html_text: '<html lang="en"><body><p>Hello there, here is the news.</p></body></html>' },
      key,
    );
    expect(
      (await checksOf(plain)).find((finding) => finding.id === 'preheader-missing'),
    ).toMatchObject({
      source: expect.stringMatching(/Litmus/),
      message: expect.stringMatching(/Hello there/),
    });
  });

  it('measures the size as Gmail does, and says Gmail clips it past 102 KB', async () => {
    const paragraphs = Array.from(
      { length: 1700 },
      (_, i) => `<p style="margin:0 0 8px">Paragraph ${i} of a very long newsletter.</p>`,
    ).join('\n');
    const html = `<!DOCTYPE html><html lang="en"><body><div style="display:none">Long read</div>${paragraphs}</body></html>`;
    expect(Buffer.byteLength(html)).toBeGreaterThan(102 * 1024);
    const findings = await checksOf(await postEmail(t, { html_text: html }, key));
    const clipping = findings.find((finding) => finding.id === 'gmail-clipping');
    expect(clipping).toMatchObject({ severity: 'error', source: expect.stringMatching(/102 KB/) });
    expect(clipping!.clients).toContain('GMAILNEW');
    const short = await checksOf(await postEmail(t, { html_text: cleanEmail(images.url) }, key));
    expect(short.find((finding) => finding.id === 'gmail-clipping')).toBeUndefined();
  });

  it('finds text that fails contrast only in a dark profile', async () => {
    const guid = await postEmail(t, { html_text: darkOnlyEmail }, key);
    await capture(guid, 'APPMAIL15');
    await capture(guid, 'APPMAIL15DARK');
    const contrast = (await checksOf(guid)).filter((finding) => finding.id === 'text-contrast');
    expect(contrast).toHaveLength(1);
    expect(contrast[0].clients).toEqual(['APPMAIL15DARK']);
    expect(contrast[0].message).toMatch(/#555555 on #333333.*dark mode only/);
  });

  it('finds nothing in a clean email, rendered in light and dark', async () => {
    const guid = await postEmail(t, { html_text: cleanEmail(images.url) }, key);
    await capture(guid, 'OL2019');
    await capture(guid, 'GMAILNEW');
    await capture(guid, 'APPMAIL15DARK');
    expect(await checksOf(guid)).toEqual([]);
  });

  it('links to the deliverability answer and an inbox view of each family; the views add no finding', async () => {
    const guid = await postEmail(t, { html_text: cleanEmail(images.url), subject: 'Hi' }, key);
    await capture(guid, 'OL2019');
    const { links } = (await request(t.url).get(`/v1/emails/${guid}/checks`).expect(200)).body as {
      links: { deliverability: string; inbox: Record<string, string> };
    };
    expect(links.deliverability).toBe(`${t.config.apiBaseUrl}/emails/${guid}/deliverability`);
    expect(Object.keys(links.inbox).sort()).toEqual([
      'ANDROID14GMAILAPP',
      'APPMAIL16',
      'GMAILNEW',
      'IPHONE15',
      'OL2019',
      'OUTLOOKCOM',
      'SAMSUNGMAIL',
      'YAHOO',
    ]);
    for (const link of Object.values(links.inbox))
      await request(t.url).get(new URL(link).pathname).expect(200);
    expect(await checksOf(guid)).toEqual([]);
  });

  it('names each caniemail feature the email uses, where, and the clients of a chosen set lacking it', async () => {
    const html =
      '<html><head><style>\n.cta { display: flex; }\n</style></head><body><p class="cta">Go</p></body></html>';
    const guid = await postEmail(t, { html_text: html }, key);
    const chosen = await request(t.url)
      .get(`/v1/emails/${guid}/checks?clients=OL2019,appmail16`)
      .expect(200);
    const support = chosen.body.support as {
      clients: string[];
      features: { slug: string; positions: object[]; lacking: { client: string }[] }[];
      score: { overall: number; clients: Record<string, number> };
    };
    expect(support.clients).toEqual(['OL2019', 'APPMAIL16']);
    const flex = support.features.find((feature) => feature.slug === 'css-display-flex')!;
    expect(flex.positions).toEqual([{ line: 2, column: 8 }]);
    expect(flex.lacking.map((lack) => lack.client)).toEqual(['OL2019']);
    expect(support.score.clients.APPMAIL16).toBe(1);
    expect(support.score.clients.OL2019).toBeLessThan(1);
    // By default: each family's usual client, as the inbox links name them.
    const usual = await request(t.url).get(`/v1/emails/${guid}/checks`).expect(200);
    expect(usual.body.support.clients.sort()).toEqual(Object.keys(usual.body.links.inbox).sort());
    const unknown = await request(t.url).get(`/v1/emails/${guid}/checks?clients=OL2019,NOPE`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.description).toBe("'clients' must name client codes: 'NOPE' is unknown");
    await request(t.url).get(`/v1/emails/${guid}/checks?clients=`).expect(400);
  });

  it('answers 400 for a malformed guid and 404 for an unknown one', async () => {
    await request(t.url).get('/v1/emails/nope/checks').expect(400);
    const unknown = await request(t.url)
      .get('/v1/emails/0f8fad5b-d9cb-469f-a165-70867728950e/checks')
      .expect(404);
    expect(unknown.body.status).toBe(404);
  });
});
