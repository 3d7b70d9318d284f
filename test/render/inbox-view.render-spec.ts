import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { inboxLayoutOf } from '../../src/rendering/families/lookup';
import { InboxRow, inboxPage } from '../../src/rendering/inbox/inbox-page';
import { Renderer } from '../../src/rendering/render';
import { isRed, readPixels } from '../support/pixels';
import { testRenderer } from '../support/renderer';

/** A BIMI-like logo: a red square, SVG Tiny. */
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny-ps" viewBox="0 0 10 10"><title>Acme</title><rect width="10" height="10" fill="#ff0000"/></svg>',
).toString('base64')}`;

describe('inbox views drawn by Chromium', () => {
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer()));
  afterAll(async () => renderer.close());

  const draw = async (code: string, row: Partial<InboxRow>) => {
    const profile = clientCatalog.find(code)!;
    const layout = inboxLayoutOf(profile)!;
    const page = inboxPage(
      layout,
      profile,
      { sender: 'Acme', subject: 'Winter sale', preview: 'Coats', received: new Date(), ...row },
      'light',
      new Date(),
    );
    return readPixels(
      await renderer.drawPage(page, {
        width: layout.width(profile),
        scale: profile.device_scale_factor,
        colorScheme: 'light',
      }),
    );
  };

  it('draws the BIMI logo in the avatar of a list that shows one, the initial otherwise', async () => {
    const withLogo = await draw('ANDROID14GMAILAPP', { logo: LOGO });
    const initials = await draw('ANDROID14GMAILAPP', {});
    expect(withLogo.count(isRed)).toBeGreaterThan(500);
    expect(initials.count(isRed)).toBe(0);
    // In the first row's avatar: the top-left of the picture.
    const box = withLogo.bounds(isRed)!;
    expect(box.right).toBeLessThan(withLogo.width / 4);
    expect(box.bottom).toBeLessThan(withLogo.height / 4);
  });

  it('draws at the list width and the device scale', async () => {
    const iphone = await draw('IPHONE13', {});
    expect(iphone.width).toBe(390 * 3);
    const outlook = await draw('OL2019', {});
    expect(outlook.width).toBe(360);
  });
});
