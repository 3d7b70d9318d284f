import { FAMILY_REGISTRY } from '../../../../src/rendering/families/registry';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import {
  CARLITO,
  fontNote,
  fontsOf,
  INTER,
  ROBOTO,
  WINDOWS_FONTS,
} from '../../../../src/rendering/fonts/client-fonts';
import { missingClientFonts, missingFaces } from '../../../../src/rendering/fonts/installed-fonts';
import { prepareHtml } from '../../../../src/rendering/prepare/prepare-html';

/** The client frame of a profile's render: its default fonts, before the email's CSS. */
function frameOf(code: string, html = '<p>Hello</p>'): string {
  const { html: prepared } = prepareHtml(
    { html, text: null, images: [] },
    clientCatalog.find(code)!,
    { images: 'allowed', orientation: 'vertical' },
  );
  return /<style id="ip-client-frame">([\s\S]*?)<\/style>/.exec(prepared)![1];
}

describe("each family's default body font, as the client documents it", () => {
  // One profile per family; the font first in its stack is the client's own default.
  const defaults: [family: string, code: string, font: RegExp][] = [
    ['apple-mail', 'APPMAIL15', /body \{ font-family: Helvetica,/],
    ['apple-mail (iOS)', 'IPHONE13', /body \{ font-family: Helvetica,/],
    ['outlook-word', 'OL2019', /body \{ font-family: "Times New Roman",[^}]*font-size: 12pt/],
    ['outlook-com', 'OUTLOOKCOM', /body \{ font-family: "Segoe UI", Calibri,[^}]*font-size: 14px/],
    ['gmail', 'GMAILNEW', /font-family: Arial, Helvetica, sans-serif; font-size: small/],
    ['samsung-email', 'ANDROIDSAMSUNG7', /body \{ font-family: Roboto, sans-serif;/],
    ['yahoo-aol', 'YAHOO', /body \{ font-family: Arial,/],
    ['protonmail', 'PROTONMAIL', /body \{ font-family: system-ui, sans-serif; font-size: 14px/],
    [
      'thunderbird',
      'THUNDERBIRDLATEST',
      /body \{ font-family: Calibri, sans-serif; font-size: 17px/,
    ],
    ['generic', 'GMXDE', /body \{ font-family: Arial,/],
    ['outlook-mac', 'OUTLOOKMAC', /body \{ font-family: Arial,/],
  ];
  it.each(defaults)('%s (%s)', (_family, code, font) => {
    expect(frameOf(code)).toMatch(font);
  });

  it("names where each family's default is documented, or says it is assumed", () => {
    const undocumented = /no public source|documents? none|document no default/;
    for (const family of FAMILY_REGISTRY) {
      const { source, assumed } = family.defaultFont;
      expect([family.name, undocumented.test(source)]).toEqual([family.name, Boolean(assumed)]);
    }
    const assumed = FAMILY_REGISTRY.filter((family) => family.defaultFont.assumed);
    expect(assumed.map((family) => family.name).sort()).toEqual([
      'generic',
      'outlook-com',
      'outlook-mac',
      'samsung-email',
      'yahoo-aol',
    ]);
  });

  it('covers every registered family but plain text', () => {
    const covered = new Set(defaults.map(([, code]) => clientCatalog.find(code)!.family));
    const registered = FAMILY_REGISTRY.map((family) => family.name);
    expect(registered.filter((name) => !covered.has(name))).toEqual(['plain-text']);
  });
});

describe("the fonts a client's system or page provides", () => {
  it('names them by their own names, drawn with the installed stand-in, every face', () => {
    const outlook = frameOf('OUTLOOKCOM');
    expect(outlook).toContain(
      // Blink and Gecko find the full name; WebKitGTK the family, with the rule's weight.
      `@font-face { font-family: "Calibri"; src: local("${CARLITO.faces[1]}"), local("Carlito"); font-weight: 700; font-style: normal; }`,
    );
    expect(outlook).toContain(`font-family: "Aptos"; src: local("${INTER.faces[0]}")`);
    expect(frameOf('GMAILNEW')).toContain(
      `font-family: "Google Sans"; src: local("${ROBOTO.faces[0]}")`,
    );
    expect(frameOf('APPMAIL15')).toContain(
      `font-family: "-apple-system"; src: local("${INTER.faces[0]}")`,
    );
  });

  it("hides installed fonts a client does not have: Roboto is Gmail's and Android's, not Apple's", () => {
    const absent = (name: string) =>
      `@font-face { font-family: "${name}"; src: url(data:font/ttf;base64,`;
    expect(frameOf('APPMAIL15')).toContain(absent('Roboto'));
    expect(frameOf('OL2019')).toContain(absent('Roboto'));
    expect(frameOf('GMAILNEW')).not.toContain(absent('Roboto'));
    expect(frameOf('ANDROIDSAMSUNG7')).not.toContain(absent('Roboto'));
    expect(frameOf('GMAILNEW')).toContain(absent('Carlito'));
  });

  it('reports where an email names a font the client has only through a stand-in', () => {
    const html = `<p style="font-family: 'Segoe UI', Calibri, sans-serif">Hi</p>`;
    const { report } = prepareHtml(
      { html, text: null, images: [] },
      clientCatalog.find('OUTLOOKCOM')!,
      {
        images: 'allowed',
        orientation: 'vertical',
      },
    );
    const titles = report
      .list()
      .filter((e) => e.slug === 'rule:client-font')
      .map((e) => e.title);
    expect(titles.sort()).toEqual([
      'Calibri drawn with Carlito (metric-compatible)',
      'Segoe UI drawn with Noto Sans (substitute)',
    ]);
  });
});

describe("a profile's emulation note says its default font and which of its fonts a substitute draws", () => {
  const documented = { family: 'Calibri, sans-serif', size: '17px', source: 'all-thunderbird.js' };
  it('names the default font with its source, each stand-in and how close it is', () => {
    expect(fontNote(documented, WINDOWS_FONTS)).toBe(
      'Default body font: Calibri, sans-serif at 17px (all-thunderbird.js). Fonts: Calibri is drawn with Carlito (metric-compatible: same widths); Cambria is drawn with Caladea (metric-compatible: same widths); Segoe UI is drawn with Noto Sans (a substitute: another design).',
    );
    expect(fontNote(documented, [{ name: 'Roboto', drawnWith: ROBOTO, is: 'the font' }])).toBe(
      'Default body font: Calibri, sans-serif at 17px (all-thunderbird.js).',
    );
  });

  it('says plainly where the default is assumed', () => {
    expect(fontNote({ family: 'Arial', assumed: true, source: 'none documented' }, [])).toBe(
      'Default body font: Arial (assumed: none documented).',
    );
  });
});

describe("an Android reader's fonts are Android's, whatever the app", () => {
  const aliasOfArial = `font-family: "Arial"; src: local("${ROBOTO.faces[0]}")`;
  it('draws Arial, Helvetica, Tahoma and Verdana with Roboto, as Android aliases them', () => {
    for (const code of ['ANDROIDSAMSUNG7', 'ANDROID14GMAILAPP'])
      expect([code, frameOf(code)]).toEqual([code, expect.stringContaining(aliasOfArial)]);
    for (const code of ['GMAILNEW', 'IPHONE13', 'OUTLOOKMAC'])
      expect([code, frameOf(code)]).toEqual([code, expect.not.stringContaining(aliasOfArial)]);
  });

  it('says so in the emulation note, and reports no stand-in for it', () => {
    const samsung = clientCatalog.find('ANDROIDSAMSUNG7')!;
    expect(
      fontNote(
        FAMILY_REGISTRY.find((family) => family.name === 'samsung-email')!.defaultFont,
        fontsOf(undefined, samsung),
      ),
    ).toMatch(/Arial, Helvetica, Tahoma, Verdana: Roboto, as the platform draws them\.$/);
    const html = `<p style="font-family: Arial, sans-serif">Hi</p>`;
    const { report } = prepareHtml({ html, text: null, images: [] }, samsung, {
      images: 'allowed',
      orientation: 'vertical',
    });
    expect(report.list().filter((e) => e.slug === 'rule:client-font')).toEqual([]);
  });
});

describe('readiness names a missing font', () => {
  it('names each missing face with the Debian package that installs it', () => {
    const listed = new Set([...ROBOTO.faces, INTER.faces[0]]);
    expect(missingFaces(listed, [ROBOTO, INTER])).toEqual([
      'Inter Bold (fonts-inter)',
      'Inter Italic (fonts-inter)',
      'Inter Bold Italic (fonts-inter)',
    ]);
  });

  it('finds every face on this machine (scripts/setup.sh installs them)', async () => {
    expect(await missingClientFonts()).toEqual([]);
  });
});
