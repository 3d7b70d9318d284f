import request from 'supertest';
import type { ReportEntry } from '../../src/rendering/model/render-report';
import { EmailsService } from '../../src/domain/emails/emails.service';
import type { EmailResource } from '../../src/domain/emails/email-resource';
import { Box, isBlue, isRed, readPixels } from '../support/pixels';
import { getAbsolute, postEmail } from '../support/previews';
import {
  inlineFace,
  probeEmail,
  ResourceServer,
  startResourceServer,
} from '../support/resource-server';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const width = (box: Box | null) => (box ? box.right - box.left : 0);

describe(`what the reader's client loads: stylesheets, web fonts, posters (${TEST_DATABASE})`, () => {
  let server: ResourceServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startResourceServer();
    // The resource server is on loopback: this test allows that address, and only it.
    t = await createTestApp({ env: { IMAGE_FETCH_ALLOW_IPS: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  async function fullImage(guid: string, client: string): Promise<Buffer> {
    const answer = await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
    const redirect = await getAbsolute(t, answer.body.full_url as string).expect(302);
    return (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
  }

  /**
   * Whether the client drew the probe's web font (monospaced): its line of `i`s is then as
   * wide as its line of `M`s; in any fallback face it is a fraction of it.
   */
  async function drawsProbeFont(guid: string, client: string): Promise<boolean> {
    const pixels = await readPixels(await fullImage(guid, client));
    const ratio = width(pixels.bounds(isRed)) / width(pixels.bounds(isBlue));
    expect(ratio).toBeGreaterThan(0.1); // both lines are there
    return ratio > 0.8;
  }

  const resourcesOf = async (guid: string): Promise<EmailResource[]> =>
    (await t.get(EmailsService).findById(guid))!.resources;

  async function report(guid: string, client: string): Promise<ReportEntry[]> {
    const answer = await request(t.url).get(`/v1/emails/${guid}/previews/${client}/report`);
    expect(answer.status).toBe(200);
    return answer.body.entries as ReportEntry[];
  }

  /** The report entry of a web font the client does not load, with its source. */
  const fontNotLoaded = (source: string) =>
    expect.objectContaining({
      slug: 'resource:font',
      title: 'Web font not loaded: this client does not load it',
      source,
    });

  const LOADS_FONTS = ['APPMAIL15', 'IPHONE13', 'THUNDERBIRDLATEST', 'ANDROIDSAMSUNG7'];
  const NO_WEB_FONTS = ['GMAILNEW', 'OUTLOOKCOM', 'OL2019'];

  it("draws a web font declared in the email's <style> where the client loads web fonts, and falls back where it does not", async () => {
    const guid = await postEmail(t, { html_text: probeEmail(inlineFace(server.url)) });
    expect(await resourcesOf(guid)).toEqual([
      expect.objectContaining({ url: `${server.url}/probe.ttf`, kind: 'font', status: 'stored' }),
    ]);
    for (const client of LOADS_FONTS)
      expect([client, await drawsProbeFont(guid, client)]).toEqual([client, true]);
    for (const client of NO_WEB_FONTS)
      expect([client, await drawsProbeFont(guid, client)]).toEqual([client, false]);
    const apple = await report(guid, 'APPMAIL15');
    expect(apple).toContainEqual(
      expect.objectContaining({
        slug: 'resource:font',
        title: 'Web font loaded',
        where: `${server.url}/probe.ttf`,
      }),
    );
    expect(await report(guid, 'OL2019')).toContainEqual(
      fontNotLoaded('caniemail css-at-font-face #4'),
    );
    const gmail = await report(guid, 'GMAILNEW');
    expect(gmail).toContainEqual(fontNotLoaded('caniemail css-at-font-face'));
  }, 120_000);

  it('follows the version each profile names: Outlook 2016 for Mac loads web fonts, the new Outlook for Mac (16.80) does not', async () => {
    const guid = await postEmail(t, { html_text: probeEmail(inlineFace(server.url)) });
    expect(await drawsProbeFont(guid, 'OL2015')).toBe(true); // caniemail outlook/macos 2016: y
    expect(await drawsProbeFont(guid, 'OUTLOOKMAC')).toBe(false); // 16.80: n
    expect(await report(guid, 'OUTLOOKMAC')).toContainEqual(
      fontNotLoaded('caniemail css-at-font-face'),
    );
  }, 60_000);

  it('Outlook 2016 falls back to Times New Roman for a font stack that begins with a web font (caniemail css-at-font-face #5)', async () => {
    const guid = await postEmail(t, { html_text: probeEmail(inlineFace(server.url)) });
    expect(await drawsProbeFont(guid, 'OL2016')).toBe(false);
    expect(
      (await report(guid, 'OL2016')).map((entry) => `${entry.title} ${entry.source}`).join('\n'),
    ).toMatch(/Times New Roman[\s\S]*css-at-font-face #5/);
  }, 60_000);

  it('loads a font through a <link>ed stylesheet and through @import where the client loads them (Apple Mail, Thunderbird), and not elsewhere', async () => {
    const linked = await postEmail(t, {
      html_text: probeEmail(`<link rel="stylesheet" href="${server.url}/fonts.css">`),
    });
    const imported = await postEmail(t, {
      html_text: probeEmail(`<style>@import url("${server.url}/import.css");</style>`),
    });
    expect((await resourcesOf(linked)).map((r) => [r.kind, r.url, r.status, r.from])).toEqual([
      ['stylesheet', `${server.url}/fonts.css`, 'stored', undefined],
      ['font', `${server.url}/probe.ttf`, 'stored', `${server.url}/fonts.css`],
    ]);
    expect((await resourcesOf(imported)).map((r) => [r.kind, r.url, r.status])).toEqual([
      ['stylesheet', `${server.url}/import.css`, 'stored'],
      ['stylesheet', `${server.url}/fonts.css`, 'stored'],
      ['font', `${server.url}/probe.ttf`, 'stored'],
    ]);
    for (const guid of [linked, imported]) {
      // Thunderbird's profile has no caniemail record of its own platform: it loads them as
      // its engine does.
      for (const client of ['APPMAIL15', 'IPHONE13', 'THUNDERBIRDLATEST'])
        expect([client, await drawsProbeFont(guid, client)]).toEqual([client, true]);
      // caniemail html-link and css-at-import: n (Samsung Email, Gmail, Outlook.com);
      // Outlook for Windows loads the stylesheet but never a distant font (#4).
      for (const client of ['ANDROIDSAMSUNG7', 'GMAILNEW', 'OUTLOOKCOM', 'OL2019'])
        expect([client, await drawsProbeFont(guid, client)]).toEqual([client, false]);
    }
    expect(await report(linked, 'OUTLOOKCOM')).toContainEqual(
      expect.objectContaining({
        slug: 'resource:stylesheet',
        title: 'Stylesheet not loaded: this client does not load it',
        source: 'caniemail html-link',
      }),
    );
  }, 240_000);

  it('a Google Fonts email: only the face its text uses is fetched; drawn in Apple Mail, not in Gmail or Outlook', async () => {
    server.requests.length = 0;
    const guid = await postEmail(t, {
      html_text: probeEmail(
        `<link href="${server.url}/css2?family=Probe&display=swap" rel="stylesheet">
        <style>.probe { font-family: 'Probe', Georgia, serif; font-size: 40px; line-height: 60px; }</style>`,
      ),
    });
    expect(server.requests.filter((path) => path.startsWith('/s/'))).toEqual([
      '/s/probe/v1/latin.ttf',
    ]);
    expect(await drawsProbeFont(guid, 'APPMAIL15')).toBe(true);
    for (const client of ['GMAILNEW', 'OL2019', 'OUTLOOKCOM'])
      expect([client, await drawsProbeFont(guid, client)]).toEqual([client, false]);
  }, 60_000);

  it("applies a linked stylesheet's rule in Apple Mail, not in Outlook.com", async () => {
    const guid = await postEmail(t, {
      html_text: `<html><head><link rel="stylesheet" href="${server.url}/rule.css"></head>
        <body style="margin:0"><div class="linked" style="width:120px;height:60px"></div></body></html>`,
    });
    const green = ([r, g, b]: [number, number, number]) => g > 200 && r < 60 && b < 60;
    const greenIn = async (client: string) =>
      (await readPixels(await fullImage(guid, client))).count(green);
    expect(await greenIn('APPMAIL15')).toBeGreaterThan(120 * 60 * 0.9);
    expect(await greenIn('OUTLOOKCOM')).toBe(0);
  }, 60_000);

  it("lists every image in each capture's report with its fate", async () => {
    const guid = await postEmail(t, {
      html_text: `<html><body><img src="${server.url}/poster.png" alt="shown"><img src="${server.url}/nothing.png" alt="gone"></body></html>`,
    });
    await request(t.url).get(`/v1/emails/${guid}/previews/OUTLOOKCOM`).expect(200);
    const entries = (await report(guid, 'OUTLOOKCOM')).filter((e) => e.slug === 'resource:image');
    expect(entries.map((e) => [e.title, e.where])).toEqual([
      ['Image loaded', `${server.url}/poster.png`],
      ['Image missing: HTTP 404', `${server.url}/nothing.png`],
    ]);
  }, 60_000);

  it("shows a video's poster in Apple Mail", async () => {
    const guid = await postEmail(t, {
      html_text: `<html><body style="margin:0"><video poster="${server.url}/poster.png" width="200" height="100" controls>
        <source src="${server.url}/clip.mp4" type="video/mp4"></video></body></html>`,
    });
    const green = ([r, g, b]: [number, number, number]) => g > 150 && r < 60 && b < 60;
    const pixels = await readPixels(await fullImage(guid, 'APPMAIL15'));
    expect(pixels.count(green)).toBeGreaterThan(200 * 100 * 0.5);
  }, 60_000);

  it('refuses a font that is not a font, whatever its type says, and a stylesheet served as HTML', async () => {
    const guid = await postEmail(t, {
      html_text: probeEmail(`<link rel="stylesheet" href="${server.url}/page.css">
        <style>@font-face { font-family: 'Probe'; src: url('${server.url}/probe-as-html.ttf'); }
        @font-face { font-family: 'Other'; src: url('${server.url}/html-as-font.woff2'); }
        .probe { font-family: 'Probe', 'Other', serif; font-size: 40px; }</style>`),
    });
    const fates = Object.fromEntries(
      (await resourcesOf(guid)).map((r) => [r.url.slice(server.url.length), [r.status, r.reason]]),
    );
    expect(fates).toEqual({
      '/page.css': ['refused', 'not a stylesheet (text/html)'],
      '/probe-as-html.ttf': ['refused', 'not a font (text/html)'],
      '/html-as-font.woff2': ['refused', expect.stringMatching(/^not a font \(its bytes/)],
    });
    expect(await drawsProbeFont(guid, 'APPMAIL15')).toBe(false);
    expect(await report(guid, 'APPMAIL15')).toContainEqual(
      expect.objectContaining({
        slug: 'resource:font',
        title: 'Web font missing: refused at POST (not a font (text/html))',
        where: `${server.url}/probe-as-html.ttf`,
      }),
    );
  }, 60_000);

  it('ends an import loop, and bounds a stylesheet of 10,000 @imports', async () => {
    server.requests.length = 0;
    const guid = await postEmail(t, {
      html_text: `<html><head><link rel="stylesheet" href="${server.url}/loop-a.css">
        <link rel="stylesheet" href="${server.url}/many.css"></head><body><p>Hello</p></body></html>`,
    });
    const resources = await resourcesOf(guid);
    // Each URL once: the loop is fetched once each way.
    expect(server.requests.filter((path) => path.startsWith('/loop-'))).toEqual([
      '/loop-a.css',
      '/loop-b.css',
    ]);
    const stored = resources.filter((r) => r.status === 'stored');
    expect(stored).toHaveLength(t.config.resources.maxStylesheets);
    const over = resources.filter((r) => r.status === 'refused');
    expect(over).toEqual([
      expect.objectContaining({
        url: `${server.url}/many/17.css`,
        reason: 'more than 20 stylesheets: this one and 9982 more were not fetched',
      }),
    ]);
    expect(server.requests.filter((path) => path.startsWith('/many/'))).toHaveLength(17);
    for (const client of ['APPMAIL15', 'OL2019', 'GMAILNEW'])
      await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
  }, 120_000);
});
