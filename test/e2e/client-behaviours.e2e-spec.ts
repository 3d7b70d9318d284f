import request from 'supertest';
import { probeById } from '../fidelity/all-probes';
import type { Probe } from '../fidelity/probe';
import { isGreen, luminance, type Pixels, readPixels } from '../support/pixels';
import { createApplication } from '../support/run-cli';
import { getAbsolute, postEmail } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

// Each profile at its version, Thunderbird as Thunderbird, dark mode per client, iOS Mail's
// reformatting and the older notes, through the HTTP API (POST /v1/emails, GET the preview,
// follow full_url): the fidelity suite's own probes (test/fidelity/*.probes.ts, what each is
// and its source in src/rendering/families/<family>/behaviours), each in its client and its controls.
const THROUGH_HTTP = [
  'apple-ios/no-font-size-adjust-before-ios-17',
  'apple-ios/no-light-dark-before-ios-17-5',
  'apple-ios/nesting-without-ampersand-not-in-mail-16',
  'yahoo-aol/nested-selectors-apply-to-the-parent',
  'thunderbird/the-body-content-sits-in-a-moz-text-html-div',
  'thunderbird/conditional-rules-are-dropped-from-style-blocks-from-73',
  'thunderbird/what-its-gecko-lacked-is-not-drawn',
  'outlook-com/data-og-attributes-only-in-dark-mode',
  'outlook-mac/dark-mode-keeps-original-colours-in-data-og-attributes',
  'outlook-mac/dark-mode-darkens-a-light-email',
  'apple-ios/a-wide-email-is-shrunk-to-the-screen',
  'apple-ios/reformatting-meta-keeps-a-wide-email-wide',
  'apple-ios/a-touch-screen-matches-hover-none',
  'outlook-css/a-style-block-styles-only-the-elements-after-it',
  'gmail/an-uppercase-important-drops-the-whole-style-block',
  'yahoo-aol/a-semicolon-in-an-attribute-selector-breaks-the-rest',
  'outlook-com/position-relative-is-removed-its-offsets-do-nothing',
];

/** A box green only where `@media (prefers-color-scheme: dark)` applies, in a white table. */
const darkAware = (declares: boolean) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8">${
    declares
      ? '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">'
      : ''
  }<style>${declares ? ':root { color-scheme: light dark; }' : ''}
  @media (prefers-color-scheme: dark) { .a { background: #00ff00 !important; } }</style></head>
  <body style="margin:0"><table width="100%" bgcolor="#ffffff" cellpadding="20"><tr>
  <td style="color:#000000"><div class="a" style="height:40px">Hello</div></td></tr></table></body></html>`;

interface Seen {
  /** the dark-mode rule applied */
  darkRule: boolean;
  /** the white table shows dark */
  darkened: boolean;
}
const seen = (darkRule: boolean, darkened: boolean): Seen => ({ darkRule, darkened });

/**
 * What each client is documented to show of an email that declares `color-scheme` and of one
 * that does not (docs/fidelity.md#dark-mode-per-client): Outlook honours the media query and
 * darkens light colours whatever is declared (caniemail css-at-media-prefers-color-scheme #3,
 * css-color-scheme: n); Apple's Mail applies the dark rules only where `color-scheme` is
 * declared on the root and keeps a designed light email light (email-bugs#104; caniemail
 * css-color-scheme #1); Gmail's apps support neither and invert (caniemail; Litmus).
 */
const DARK_MATRIX: { client: string; declared: Seen; undeclared: Seen }[] = [
  { client: 'CHROMEOUTLOOKCOM', declared: seen(false, false), undeclared: seen(false, false) },
  { client: 'CHROMEOUTLOOKCOMDARK', declared: seen(true, true), undeclared: seen(true, true) },
  { client: 'OUTLOOKMAC', declared: seen(false, false), undeclared: seen(false, false) },
  { client: 'OUTLOOKMACDARK', declared: seen(true, true), undeclared: seen(true, true) },
  { client: 'APPMAIL16', declared: seen(false, false), undeclared: seen(false, false) },
  { client: 'APPMAIL16DARK', declared: seen(true, false), undeclared: seen(false, false) },
  { client: 'IPHONE15', declared: seen(false, false), undeclared: seen(false, false) },
  { client: 'IPHONE15DARK', declared: seen(true, false), undeclared: seen(false, false) },
  { client: 'ANDROID14GMAILAPP', declared: seen(false, false), undeclared: seen(false, false) },
  { client: 'ANDROID14GMAILAPPDARK', declared: seen(false, true), undeclared: seen(false, true) },
  { client: 'GMAILIOS', declared: seen(false, false), undeclared: seen(false, false) },
  { client: 'GMAILIOSDARK', declared: seen(false, true), undeclared: seen(false, true) },
];

describe(`documented client behaviours through the HTTP API (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let apiKey: string;
  const guids = new Map<string, Promise<string>>();

  /** One email per source text, posted once. */
  const emailOf = (html: string) => {
    if (!guids.has(html)) guids.set(html, postEmail(t, { html_text: html }, apiKey));
    return guids.get(html)!;
  };

  /** GET the preview, follow full_url (302 to the stored file) and read the PNG. */
  async function capture(html: string, client: string): Promise<Pixels> {
    const guid = await emailOf(html);
    const preview = await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
    const redirect = await getAbsolute(t, preview.body.full_url).expect(302);
    return readPixels((await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer);
  }

  beforeAll(async () => {
    t = await createTestApp();
    apiKey = (await createApplication(t)).api_key;
  });
  afterAll(async () => t?.close());

  const probes: Probe[] = THROUGH_HTTP.map(probeById);
  it.each(probes.map((probe) => [probe.id, probe] as const))(
    '%s: in its client, not in its controls',
    async (_id, probe) => {
      // Probes that need stored images or other options stay in the fidelity suite.
      expect({ images: probe.images, options: probe.options }).toEqual({});
      const outcome = async (client: string) => ({
        client,
        shows: probe.shows(await capture(probe.html, client), undefined as never),
      });
      expect(await outcome(probe.client)).toEqual({ client: probe.client, shows: true });
      for (const client of probe.control)
        expect(await outcome(client)).toEqual({ client, shows: false });
    },
  );

  it.each(DARK_MATRIX.map((row) => [row.client, row] as const))(
    '%s: an email that declares color-scheme and one that does not, as documented',
    async (client, row) => {
      const look = async (declares: boolean): Promise<Seen> => {
        const pixels = await capture(darkAware(declares), client);
        return seen(pixels.count(isGreen) > 500, luminance(pixels.at(4, 4)) < 80);
      };
      expect({ client, declared: await look(true), undeclared: await look(false) }).toEqual({
        client,
        declared: row.declared,
        undeclared: row.undeclared,
      });
    },
  );
});
