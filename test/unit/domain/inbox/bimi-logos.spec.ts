import { BimiLogos } from '../../../../src/domain/inbox/bimi-logos';
import type { RemoteDownload } from '../../../../src/domain/emails/fetch/remote-download';

/** A download that fails as RemoteDownload's address filter does, naming the address. */
const refusing = (message: string) =>
  ({
    get: () => Promise.reject(new Error(message)),
  }) as unknown as RemoteDownload;

describe('BimiLogos: why a logo is not drawn', () => {
  it('says "private address refused", never the address the logo host resolved to', async () => {
    const logos = new BimiLogos(
      refusing('The address 10.1.2.3 of intranet.acme.test is not allowed'),
    );
    const logo = await logos.logo('https://intranet.acme.test/logo.svg');
    expect(logo).toEqual({ reason: 'the logo could not be used: private address refused' });
    expect(JSON.stringify(logo)).not.toContain('10.1.2.3');
  });

  it("keeps the server's own failure in its words", async () => {
    const logos = new BimiLogos(refusing('HTTP 404'));
    expect(await logos.logo('https://acme.test/logo.svg')).toEqual({
      reason: 'the logo could not be used: HTTP 404',
    });
  });
});
