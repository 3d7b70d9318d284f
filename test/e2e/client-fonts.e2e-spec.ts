import request from 'supertest';
import sharp from 'sharp';
import { isDark, readPixels } from '../support/pixels';
import { getAbsolute, postEmail } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/**
 * A line of text in the given font stack: which face draws it shows in its pixels. The
 * email's own face names installed Inter as Blink and Gecko find it (full name) and as
 * WebKitGTK does (family name), as the frame's faces do.
 */
const lineIn = (stack: string) =>
  `<!DOCTYPE html><html><head><style>@font-face { font-family: InterByName; src: local("Inter Regular"), local("Inter"); }</style></head><body style="margin:0;background:#fff"><p style="margin:10px;font-family:${stack};font-size:32px;color:#000">Quick brown fox, jumps 0123</p></body></html>`;

describe(`the fonts each client has, drawn through the real engine (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  async function capture(stack: string, client: string): Promise<Buffer> {
    const guid = await postEmail(t, { html_text: lineIn(stack) });
    const answer = await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
    const redirect = await getAbsolute(t, answer.body.full_url as string).expect(302);
    return (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
  }
  const raw = async (stack: string, client: string) =>
    sharp(await capture(stack, client))
      .removeAlpha()
      .raw()
      .toBuffer();
  /** The same pixels: the stack fell through to the same face. */
  const same = async (a: string, b: string, client: string) =>
    (await raw(a, client)).equals(await raw(b, client));
  /** The line's width: a stand-in drawn through @font-face local() is hinted apart from the
   * installed family drawn by name, so the same face shows as the same width, not pixels. */
  const lineWidth = async (stack: string, client: string) => {
    const box = (await readPixels(await capture(stack, client))).bounds(isDark)!;
    return box.right - box.left;
  };
  const drawnWith = async (stack: string, font: string, client: string) =>
    Math.abs((await lineWidth(stack, client)) / (await lineWidth(font, client)) - 1) < 0.02;

  it('Outlook.com draws Segoe UI with its stand-in; Samsung Email has no Segoe UI and falls through the stack', async () => {
    expect(await drawnWith(`'Segoe UI', serif`, `'Noto Sans'`, 'OUTLOOKCOM')).toBe(true);
    expect(await drawnWith('serif', `'Noto Sans'`, 'OUTLOOKCOM')).toBe(false);
    // Blink falls through a font the machine lacks. WebKitGTK and Gecko draw fontconfig's
    // substitute instead (docs/engines.md#layout-and-font-pitfalls): Apple Mail's Segoe UI is
    // a known gap (README).
    expect(await drawnWith(`'Segoe UI', serif`, 'serif', 'SAMSUNGMAIL')).toBe(true);
    expect(await drawnWith(`'Segoe UI', serif`, `'Noto Sans'`, 'SAMSUNGMAIL')).toBe(false);
    expect(await same(`'Segoe UI', serif`, 'serif', 'OUTLOOKCOM')).toBe(false);
  }, 60_000);

  it("draws the generic families as the client's platform does, in every engine", async () => {
    // Apple's sans-serif is Helvetica, Windows' (Thunderbird) Arial: Liberation Sans for both,
    // as Blink draws it here; not fontconfig's Noto Sans.
    for (const client of ['APPMAIL15', 'IPHONE13', 'THUNDERBIRDLATEST', 'OUTLOOKCOM']) {
      expect([client, await drawnWith('sans-serif', `'Liberation Sans'`, client)]).toEqual([
        client,
        true,
      ]);
      expect([client, await drawnWith('sans-serif', `'Noto Sans'`, client)]).toEqual([
        client,
        false,
      ]);
    }
  }, 120_000);

  it("Gmail's page has Roboto; Apple Mail and Outlook do not, though this machine does", async () => {
    expect(await same('Roboto, serif', 'serif', 'GMAILNEW')).toBe(false);
    expect(await same('Roboto, serif', 'serif', 'APPMAIL15')).toBe(true);
    expect(await same('Roboto, serif', 'serif', 'OUTLOOKCOM')).toBe(true);
  }, 60_000);

  it('Apple Mail draws -apple-system (San Francisco) with its stand-in; Outlook for Windows has Calibri as its metric clone', async () => {
    // The email's own @font-face names the installed Inter: the same face, by the same route.
    expect(await same('-apple-system, serif', 'InterByName', 'APPMAIL15')).toBe(true);
    expect(await same('-apple-system, serif', 'serif', 'APPMAIL15')).toBe(false);
    expect(await same('-apple-system, serif', 'serif', 'OUTLOOKCOM')).toBe(true);
    expect(await same('Calibri, serif', 'serif', 'OL2019')).toBe(false);
    expect(await drawnWith('Calibri, serif', 'Carlito', 'OUTLOOKCOM')).toBe(true);
  }, 60_000);
});
