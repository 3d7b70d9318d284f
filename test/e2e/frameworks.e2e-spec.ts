import { mkdirSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import {
  cerberusHybridTemplate,
  differingRows,
  foundationTemplate,
  Layout,
  mjmlColumns,
  Screenshot,
  withoutOfficeXml,
} from '../support/framework-emails';
import { startImageServer, ImageServer } from '../support/image-server';
import { readPixels } from '../support/pixels';
import { getAbsolute, postEmail } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

// Real email frameworks rendered through the HTTP API (POST /v1/emails, GET the preview, follow
// full_url), checked for the structure each client is documented to show
// (docs/fidelity.md#framework-layouts):
// - Outlook for Windows (Word engine) reads MJML's and Cerberus' `[if mso]` ghost tables, so the
//   body is a centred fixed-width table with columns side by side; it draws VML buttons
//   (buttons.cm) and backgrounds (backgrounds.cm, MJML's section background); it never draws an
//   Office XML island (`<o:PixelsPerInch>96</o:PixelsPerInch>`).
// - iPhones (iOS Mail, WebKit) apply the frameworks' mobile media queries: columns stacked.
// - Gmail keeps the head styles it accepts and removes conditional comments and what they hide.
// - Apple Mail (desktop WebKit) is the control: the framework's desktop layout, no VML.
// Set SAVE_PNG=1 to keep every capture in /tmp/frameworks-png/<framework>-<client>.png.

const PNG_DIR = '/tmp/frameworks-png';
const OUTLOOKS = ['OL2016', 'OL2019', 'OL365'];
const IPHONES = ['IPHONE13', 'IPHONESE'];
/** Each client's pane in CSS px (its family folder's profiles.json); PNGs are device px. */
const PANE_WIDTH: Record<string, number> = {
  OL2016: 800,
  OL2019: 800,
  OL365: 800,
  IPHONE13: 390,
  IPHONESE: 375,
  GMAILNEW: 960,
  APPMAIL15: 900,
};
/** mj-hero's fixed height and mj-section's default vertical padding (MJML docs). */
const HERO_HEIGHT = 200;
const SECTION_PADDING = 20;
/** Foundation's column gutter: 16px on each outer side (foundation-emails.css, .columns). */
const FOUNDATION_GUTTER = 16;
/** Two large-6 columns in the 580px container: (580 - 3 gutters) / 2. */
const FOUNDATION_COLUMN = (580 - 3 * FOUNDATION_GUTTER) / 2;

/** GET the preview, follow full_url (302 to the stored file) and read the PNG. */
async function capture(
  t: TestApp,
  guid: string,
  client: string,
  name: string,
): Promise<Screenshot> {
  const preview = await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
  const redirect = await getAbsolute(t, preview.body.full_url).expect(302);
  const png = (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
  const file = `${PNG_DIR}/${name}-${client}.png`;
  if (process.env.SAVE_PNG) {
    mkdirSync(PNG_DIR, { recursive: true });
    writeFileSync(file, png);
  }
  const pixels = await readPixels(png);
  const paneWidth = PANE_WIDTH[client];
  return { name: `${name} in ${client}`, file, pixels, paneWidth, scale: pixels.width / paneWidth };
}

describe(`email frameworks through the HTTP API (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let images: ImageServer;
  const guids: Record<string, string> = {};
  const captures = new Map<string, Promise<Screenshot>>();
  /** One capture per email and client, shared by the tests that look at it. */
  const screenshot = (email: string, client: string): Promise<Screenshot> => {
    const key = `${email}-${client}`;
    if (!captures.has(key)) captures.set(key, capture(t, guids[email], client, email));
    return captures.get(key)!;
  };
  const layoutOf = async (email: string, client: string) =>
    new Layout(await screenshot(email, client));

  /** With and without its `<xml>` island, the email must look the same: the island is settings. */
  async function expectOfficeXmlNotDrawn(email: string, client: string): Promise<void> {
    const withXml = await screenshot(email, client);
    const withoutXml = await screenshot(`${email}-without-xml`, client);
    const png = withXml.file;
    expect({ png, height: withXml.pixels.height }).toEqual({
      png,
      height: withoutXml.pixels.height,
    });
    // A "96" drawn in the flow or over it would show as differing rows, the first ones at the top.
    const differing = differingRows(withXml.pixels, withoutXml.pixels);
    expect({ png, differingRows: differing }).toEqual({ png, differingRows: [] });
  }

  beforeAll(async () => {
    images = await startImageServer();
    // The fixtures' images are on 127.0.0.1: allowed so that they are fetched at creation.
    t = await createTestApp({ env: { ALLOW_PRIVATE_IMAGE_HOSTS: 'true' } });
    const mjml = await mjmlColumns(images.url);
    const cerberus = cerberusHybridTemplate(images.url);
    guids.mjml = await postEmail(t, { html_text: mjml });
    guids['mjml-without-xml'] = await postEmail(t, { html_text: withoutOfficeXml(mjml) });
    guids.foundation = await postEmail(t, { html_text: foundationTemplate() });
    guids.cerberus = await postEmail(t, { html_text: cerberus });
    guids['cerberus-without-xml'] = await postEmail(t, { html_text: withoutOfficeXml(cerberus) });
  });
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  // MJML's documentation (documentation.mjml.io, mj-column / mj-section): columns are inline-block
  // divs whose desktop widths come from a min-width:480px media query, and Outlook desktop gets
  // the same layout from `<!--[if mso | IE]>` ghost tables of the body's width (600px). A
  // section's background-url is drawn in Outlook by a v:rect with a v:fill (mj-section docs;
  // mjml#2202: no-repeat backgrounds in Outlook's VML since 4.7).
  // mj-hero is not checked in Outlook: its docs promise the background image (a v:image with
  // z-index:-3), but Litmus and Email on Acid reports show neither the image nor the fallback
  // colour in Outlook 2007 to 365 (mjml#1747, #1753, #1963) and the image hidden under any
  // ancestor's background (mjml#1671). What real Outlook shows there is not settled enough to
  // assert; the hero is checked where its CSS background applies (iPhone, Apple Mail).
  describe('MJML (npm mjml 5): a hero, one-, two- and three-column sections, buttons', () => {
    it.each(OUTLOOKS)(
      'MJML in %s: the ghost tables give a centred 600px body with the two and three columns side by side; the section background (v:fill) and the buttons.cm VML button are drawn, its HTML twin is not',
      async (client) => {
        const layout = await layoutOf('mjml', client);
        layout.centredBody(['indigo', 'red', 'blue', 'green', 'yellow', 'brown', 'imageBlue'], 600);
        layout.sideBySide(['red', 'blue'], 300);
        layout.sideBySide(['green', 'yellow', 'brown'], 200);
        layout.sized('indigo', 600);
        layout.sized('imageBlue', 600); // mj-section background-url: v:rect 600px wide + v:fill
        layout.centred('pink'); // mj-button: a centred table cell
        layout.sized('purple', 200, 40); // buttons.cm: v:roundrect 200x40
        layout.notDrawn('orange'); // its `<!--[if !mso]><!-->` twin
        layout.expectAsDocumented();
      },
    );

    it.each(OUTLOOKS)(
      'MJML in %s: the Office XML island (o:PixelsPerInch 96) configures Outlook and is never drawn',
      (client) => expectOfficeXmlNotDrawn('mjml', client),
    );

    it.each(IPHONES)(
      'MJML in %s: below 480px no media query applies, so every column is full width and stacked under the 200px hero; the HTML button is shown and no VML',
      async (client) => {
        const layout = await layoutOf('mjml', client);
        layout.sized('imageRed', PANE_WIDTH[client], HERO_HEIGHT); // the hero's CSS background
        layout.stacked(['indigo', 'red', 'blue', 'green', 'yellow', 'brown'], PANE_WIDTH[client]);
        layout.drawn('orange');
        layout.notDrawn('purple');
        layout.drawn('pink');
        layout.expectAsDocumented();
      },
    );

    // Gmail keeps MJML's head styles (media queries are supported: caniemail css-at-media), so at
    // Gmail's width the columns are side by side; conditional comments and VML are removed.
    it('MJML in GMAILNEW: the kept media query holds the columns side by side; the HTML button is shown and no VML', async () => {
      const layout = await layoutOf('mjml', 'GMAILNEW');
      layout.centredBody(['indigo', 'red', 'blue', 'green', 'yellow', 'brown'], 600);
      layout.sideBySide(['red', 'blue'], 300);
      layout.sideBySide(['green', 'yellow', 'brown'], 200);
      layout.sized('indigo', 600);
      layout.drawn('orange');
      layout.notDrawn('purple');
      layout.expectAsDocumented();
    });

    it('MJML in APPMAIL15 (control): the desktop layout under the 200px hero (its CSS background), the HTML button and no VML', async () => {
      const layout = await layoutOf('mjml', 'APPMAIL15');
      layout.centredBody(['imageRed', 'indigo', 'red', 'blue', 'green', 'yellow', 'brown'], 600);
      layout.sideBySide(['red', 'blue'], 300);
      layout.sideBySide(['green', 'yellow', 'brown'], 200);
      layout.sized('imageRed', 600, HERO_HEIGHT);
      layout.top('indigo', HERO_HEIGHT + SECTION_PADDING, 'below the 200px hero');
      layout.drawn('orange');
      layout.notDrawn('purple');
      layout.expectAsDocumented();
    });
  });

  // Foundation for Emails' documentation (get.foundation/emails/docs: Grid, Global): a 580px
  // container centred in table.body, 16px gutters, so two large-6 columns hold (580 - 3 x 16) / 2
  // = 266px each, side by side on large screens (Outlook included: its grid is tables) and
  // stacked at full width under 596px (small-12). Its CSS is inlined, so clients that drop the
  // style block keep the desktop layout.
  describe('Foundation for Emails (npm foundation-emails + inky): container, row, columns, callout, button', () => {
    it.each(OUTLOOKS)(
      'Foundation in %s: a centred 580px container with the two columns side by side, the callout and the button drawn',
      async (client) => {
        const layout = await layoutOf('foundation', client);
        layout.centredBody(['containerGrey'], 580);
        layout.sideBySide(['red', 'blue'], FOUNDATION_COLUMN);
        layout.sized('brown', 580 - 2 * FOUNDATION_GUTTER); // the full-width callout
        layout.drawn('foundationGreen');
        layout.expectAsDocumented();
      },
    );

    it.each(IPHONES)(
      'Foundation in %s: under 596px the small-12 columns are full width and stacked',
      async (client) => {
        const layout = await layoutOf('foundation', client);
        const container = 0.95 * PANE_WIDTH[client]; // `table.body .container { width: 95% }`
        layout.centredBody(['containerGrey'], container);
        layout.stacked(['red', 'blue'], container - 2 * FOUNDATION_GUTTER);
        layout.drawn('foundationGreen');
        layout.expectAsDocumented();
      },
    );

    // Foundation's CSS is ~34 KB: past Gmail's 16 KB of style (caniemail#144, email-bugs#90) the
    // block is removed, and the inlined CSS is what Gmail keeps: the desktop layout holds.
    it('Foundation in GMAILNEW: the inlined CSS keeps a centred 580px container with the columns side by side', async () => {
      const layout = await layoutOf('foundation', 'GMAILNEW');
      layout.centredBody(['containerGrey'], 580);
      layout.sideBySide(['red', 'blue'], FOUNDATION_COLUMN);
      layout.drawn('foundationGreen');
      layout.expectAsDocumented();
    });

    it('Foundation in APPMAIL15 (control): a centred 580px container with the columns side by side', async () => {
      const layout = await layoutOf('foundation', 'APPMAIL15');
      layout.centredBody(['containerGrey'], 580);
      layout.sideBySide(['red', 'blue'], FOUNDATION_COLUMN);
      layout.sized('brown', 580 - 2 * FOUNDATION_GUTTER);
      layout.drawn('foundationGreen');
      layout.expectAsDocumented();
    });
  });

  // Cerberus' README and cerberus-hybrid.html comments: max-width for every client but desktop
  // Outlook, whose `<!--[if mso]>` ghost table enforces the width; the hybrid columns are
  // inline-block divs joined by a ghost table for Outlook and stacked by a max-width:480px media
  // query. buttons.cm: Outlook draws the v:roundrect, others the `[if !mso]` link. backgrounds.cm:
  // Outlook ignores the td's background attribute and draws the v:rect's tiled v:fill.
  describe('Cerberus-style hybrid: ghost tables, a hybrid two-column row, VML button and background', () => {
    it.each(OUTLOOKS)(
      'Cerberus in %s: the ghost tables give a centred 600px body with the columns side by side; the VML button and the 600x200 VML background are drawn, the HTML button is not',
      async (client) => {
        const layout = await layoutOf('cerberus', client);
        layout.centredBody(['indigo', 'red', 'blue', 'imageBlue'], 600);
        layout.sized('indigo', 600);
        layout.sideBySide(['red', 'blue'], 300);
        layout.sized('purple', 200, 40);
        layout.notDrawn('orange');
        layout.sized('imageBlue', 600, 200); // v:rect 600x200, v:fill type="tile" of blue.png
        layout.centred('imageBlue');
        layout.expectAsDocumented();
      },
    );

    it.each(OUTLOOKS)(
      'Cerberus in %s: the Office XML island (o:PixelsPerInch 96) configures Outlook and is never drawn',
      (client) => expectOfficeXmlNotDrawn('cerberus', client),
    );

    it.each(IPHONES)(
      'Cerberus in %s: the max-width:480px media query stacks the columns at full width; the HTML button is shown and no VML',
      async (client) => {
        const layout = await layoutOf('cerberus', client);
        layout.stacked(['indigo', 'red', 'blue'], PANE_WIDTH[client]);
        layout.drawn('orange');
        layout.notDrawn('purple');
        layout.expectAsDocumented();
      },
    );

    it('Cerberus in GMAILNEW: max-width keeps a 600px body with the columns side by side; the HTML button is shown and no VML', async () => {
      const layout = await layoutOf('cerberus', 'GMAILNEW');
      layout.centredBody(['indigo', 'red', 'blue'], 600);
      layout.sideBySide(['red', 'blue'], 300);
      layout.drawn('orange');
      layout.notDrawn('purple');
      layout.expectAsDocumented();
    });

    it('Cerberus in APPMAIL15 (control): a centred 600px body, columns side by side, the HTML button and no VML', async () => {
      const layout = await layoutOf('cerberus', 'APPMAIL15');
      layout.centredBody(['indigo', 'red', 'blue'], 600);
      layout.sideBySide(['red', 'blue'], 300);
      layout.drawn('orange');
      layout.notDrawn('purple');
      layout.expectAsDocumented();
    });
  });
});
