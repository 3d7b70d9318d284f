import { clientCatalog } from '../../../../../src/rendering/catalog/client-catalog';
import { prepareHtml } from '../../../../../src/rendering/prepare/prepare-html';

const META = '<meta name="x-apple-disable-message-reformatting">';
const prepare = (code: string, head: string) =>
  prepareHtml(
    { html: `<html><head>${head}</head><body><p>x</p></body></html>`, text: null, images: [] },
    clientCatalog.find(code)!,
    { images: 'allowed', orientation: 'vertical' },
  );

describe("iOS Mail's reformatting (fit to the screen) and the meta that turns it off", () => {
  it('fits an iPhone email to the screen unless the email carries the meta', () => {
    expect(prepare('IPHONE13', '').fitsToWidth).toBe(true);
    const off = prepare('IPHONE13', META.replace('x-apple', 'X-Apple'));
    expect(off.fitsToWidth).toBe(false);
    expect(off.report.list().map((entry) => entry.slug)).toContain('rule:ios-reformatting-off');
  });

  it('changes nothing where the client does not fit emails to the screen, or is not Apple', () => {
    expect(prepare('APPMAIL16', META).fitsToWidth).toBe(false);
    expect(prepare('APPMAIL16', META).report.list()).toEqual([]);
    expect(prepare('SAMSUNGMAIL', META).fitsToWidth).toBe(true);
  });
});
