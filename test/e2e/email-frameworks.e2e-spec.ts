import request from 'supertest';
import {
  cerberusHybrid,
  COLOURS,
  foundationEmail,
  mjmlNewsletter,
} from '../support/framework-emails';
import { startImageServer, ImageServer } from '../support/image-server';
import { Box, isDark, Pixels, readPixels } from '../support/pixels';
import { getAbsolute, postEmail } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

// Real frameworks rendered through the HTTP API, checked for the structure each client is
// documented to show (FIDELITY.md): Outlook for Windows gets MJML's and Cerberus' ghost
// tables (a centred fixed-width body, columns side by side) and draws VML buttons and
// backgrounds (buttons.cm, backgrounds.cm); iPhones stack the columns (the frameworks'
// mobile media queries); Gmail keeps head styles, so the desktop layout holds at 960px.
type Rgb = readonly [number, number, number];
const near =
  (target: Rgb, tolerance = 12) =>
  ([r, g, b]: [number, number, number]) =>
    Math.abs(r - target[0]) <= tolerance &&
    Math.abs(g - target[1]) <= tolerance &&
    Math.abs(b - target[2]) <= tolerance;
const OUTLOOKS = ['OL2016', 'OL2019', 'OL365'];

async function preview(t: TestApp, guid: string, client: string): Promise<Pixels> {
  const response = await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
  const redirect = await getAbsolute(t, response.body.full_url).expect(302);
  const png = (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
  return readPixels(png);
}

/** The box of a colour in CSS px (device px divided by the scale), or null. */
function boxOf(pixels: Pixels, colour: Rgb, scale = 1): Box | null {
  const box = pixels.bounds(near(colour));
  if (!box) return null;
  return {
    left: box.left / scale,
    top: box.top / scale,
    right: (box.right + 1) / scale,
    bottom: (box.bottom + 1) / scale,
  };
}

const width = (box: Box) => box.right - box.left;
const within = (value: number, target: number, tolerance: number) =>
  Math.abs(value - target) <= tolerance;

function expectSideBySide(boxes: (Box | null)[], columnWidth: number): void {
  const found = boxes.map((box) => box!);
  expect(found.every(Boolean)).toBe(true);
  for (let i = 1; i < found.length; i++) {
    expect(within(found[i].top, found[0].top, 3)).toBe(true);
    expect(found[i].left).toBeGreaterThanOrEqual(found[i - 1].right - 2);
  }
  for (const box of found) expect(within(width(box), columnWidth, 8)).toBe(true);
}

function expectStacked(boxes: (Box | null)[], screenWidth: number): void {
  const found = boxes.map((box) => box!);
  expect(found.every(Boolean)).toBe(true);
  for (let i = 1; i < found.length; i++)
    expect(found[i].top).toBeGreaterThanOrEqual(found[i - 1].bottom - 2);
  for (const box of found) expect(width(box)).toBeGreaterThan(screenWidth * 0.8);
}

/** A body of `bodyWidth` centred in the pane: the outer edges of the given boxes. */
function expectCentredBody(boxes: (Box | null)[], paneWidth: number, bodyWidth: number): void {
  const left = Math.min(...boxes.map((box) => box!.left));
  const right = Math.max(...boxes.map((box) => box!.right));
  expect(within(right - left, bodyWidth, 8)).toBe(true);
  expect(within((left + right) / 2, paneWidth / 2, 8)).toBe(true);
}

/** The Office XML island's "96" would be the first line of text: the top rows hold none. */
function expectNoTextAtTheTop(pixels: Pixels): void {
  expect(pixels.count(isDark, { left: 0, top: 0, right: pixels.width, bottom: 18 })).toBe(0);
}

describe(`email frameworks through the API (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let images: ImageServer;
  const guids: Record<'mjml' | 'foundation' | 'cerberus', string> = {
    mjml: '',
    foundation: '',
    cerberus: '',
  };
  beforeAll(async () => {
    images = await startImageServer();
    t = await createTestApp({ env: { ALLOW_PRIVATE_IMAGE_HOSTS: 'true' } });
    guids.mjml = await postEmail(t, { html_text: await mjmlNewsletter(images.url) });
    guids.foundation = await postEmail(t, { html_text: foundationEmail() });
    guids.cerberus = await postEmail(t, { html_text: cerberusHybrid(images.url) });
  });
  afterAll(async () => {
    await t.close();
    await images.close();
  });

  describe('MJML (mjml docs: mso ghost tables keep the desktop layout in Outlook)', () => {
    it.each(OUTLOOKS)(
      '%s: centred 600px body, two and three columns side by side, VML button and background drawn, no XML text',
      async (client) => {
        const pixels = await preview(t, guids.mjml, client);
        const columns = [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c));
        const thirds = [COLOURS.green, COLOURS.yellow, COLOURS.brown].map((c) => boxOf(pixels, c));
        expectSideBySide(columns, 300);
        expectSideBySide(thirds, 200);
        expectCentredBody([...columns, ...thirds], 800, 600);
        expect(boxOf(pixels, COLOURS.purple)).not.toBeNull(); // buttons.cm VML
        expect(boxOf(pixels, COLOURS.orange)).toBeNull(); // its [if !mso] twin
        expect(boxOf(pixels, COLOURS.imageRed)).not.toBeNull(); // v:fill of the section background
        expectNoTextAtTheTop(pixels);
      },
    );

    it('IPHONE13: columns stacked, the HTML button shown and no VML', async () => {
      const pixels = await preview(t, guids.mjml, 'IPHONE13');
      expectStacked(
        [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c, 3)),
        390,
      );
      expectStacked(
        [COLOURS.green, COLOURS.yellow, COLOURS.brown].map((c) => boxOf(pixels, c, 3)),
        390,
      );
      expect(boxOf(pixels, COLOURS.orange, 3)).not.toBeNull();
      expect(boxOf(pixels, COLOURS.purple, 3)).toBeNull();
    });

    it.each(['GMAILNEW', 'APPMAIL15'])(
      '%s: the head styles Gmail keeps hold the desktop layout; HTML button, no VML',
      async (client) => {
        const pixels = await preview(t, guids.mjml, client);
        expectSideBySide(
          [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c)),
          300,
        );
        expectSideBySide(
          [COLOURS.green, COLOURS.yellow, COLOURS.brown].map((c) => boxOf(pixels, c)),
          200,
        );
        expect(boxOf(pixels, COLOURS.orange)).not.toBeNull();
        expect(boxOf(pixels, COLOURS.purple)).toBeNull();
      },
    );
  });

  describe('Foundation for Emails (its docs: a 580px centred container, columns as table cells)', () => {
    it.each(OUTLOOKS)('%s: columns side by side in a centred 580px container', async (client) => {
      const pixels = await preview(t, guids.foundation, client);
      const columns = [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c));
      expectSideBySide(columns, 264);
      expect(within((columns[0]!.left + columns[1]!.right) / 2, 400, 8)).toBe(true);
    });

    it('IPHONE13: columns stacked', async () => {
      const pixels = await preview(t, guids.foundation, 'IPHONE13');
      expectStacked(
        [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c, 3)),
        340,
      );
    });

    it('GMAILNEW: columns side by side', async () => {
      const pixels = await preview(t, guids.foundation, 'GMAILNEW');
      expectSideBySide(
        [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c)),
        258,
      );
    });
  });

  describe('Cerberus-style hybrid (Cerberus README: ghost tables for Outlook, fluid elsewhere)', () => {
    it.each(OUTLOOKS)(
      '%s: centred 600px body, columns side by side, VML button and background drawn',
      async (client) => {
        const pixels = await preview(t, guids.cerberus, client);
        const columns = [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c));
        expectSideBySide(columns, 300);
        expectCentredBody(columns, 800, 600);
        expect(boxOf(pixels, COLOURS.purple)).not.toBeNull();
        expect(boxOf(pixels, COLOURS.orange)).toBeNull();
        const background = boxOf(pixels, COLOURS.imageBlue);
        expect(within(width(background!), 600, 4)).toBe(true); // the v:fill tile, 600px wide
        expectNoTextAtTheTop(pixels);
      },
    );

    it('IPHONE13: columns stacked, the HTML button shown', async () => {
      const pixels = await preview(t, guids.cerberus, 'IPHONE13');
      expectStacked(
        [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c, 3)),
        390,
      );
      expect(boxOf(pixels, COLOURS.orange, 3)).not.toBeNull();
      expect(boxOf(pixels, COLOURS.purple, 3)).toBeNull();
    });

    it('GMAILNEW: columns side by side, the HTML button shown', async () => {
      const pixels = await preview(t, guids.cerberus, 'GMAILNEW');
      expectSideBySide(
        [COLOURS.red, COLOURS.blue].map((c) => boxOf(pixels, c)),
        300,
      );
      expect(boxOf(pixels, COLOURS.orange)).not.toBeNull();
      expect(boxOf(pixels, COLOURS.purple)).toBeNull();
    });
  });
});
