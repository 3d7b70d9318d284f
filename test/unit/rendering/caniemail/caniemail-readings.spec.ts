import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { featureBySlug, supportOf } from '../../../../src/rendering/caniemail/support-table';
import { prepareHtml } from '../../../../src/rendering/prepare/prepare-html';

function prepare(code: string, html: string) {
  return prepareHtml({ html, text: null, images: [] }, clientCatalog.find(code)!, {
    images: 'allowed',
    orientation: 'vertical',
  });
}

describe("caniemail's record, read as it is written", () => {
  it("takes a client's newest test in the data's order, not JavaScript's key order", () => {
    // iOS tests: 11.4 n, then 12 … 15 y. JSON.parse would list "12".."15" first and "11.4" last.
    const margins = featureBySlug('css-margin-block-start-end')!;
    expect(supportOf(margins, { family: 'apple-mail', platform: 'ios' })).toBe('y');
    expect(prepare('IPHONE16', '<p style="margin-block-start:8px">x</p>').html).toContain(
      'margin-block-start:8px',
    );
  });

  it("follows the version a profile names, written either way ('15' is '15.0')", () => {
    const has = featureBySlug('css-pseudo-class-has')!;
    expect(supportOf(has, { family: 'apple-mail', platform: 'macos', version: '15' })).toBe('n');
    expect(supportOf(has, { family: 'apple-mail', platform: 'macos', version: '16' })).toBe('y');
  });

  it('reads an iOS profile at its own iOS version: the newest test up to it', () => {
    // css-unit-vh: iOS 13 y; iOS 17: "Buggy. Value resolves to zero" (#2).
    const vh = featureBySlug('css-unit-vh')!;
    const ios = (version: string) => ({ family: 'apple-mail', platform: 'ios', version });
    expect(supportOf(vh, ios('13.1'))).toMatch(/^y/);
    expect(supportOf(vh, ios('17.0'))).toMatch(/#2/);
    expect(clientCatalog.find('IPHONE11')!.caniemail).toMatchObject({ version: '13.1' });
  });

  it("reads Gmail for Android's Android-numbered tests at the profile's Android version", () => {
    // css-text-decoration-line: tested per Android version, 6 and 7 n, 8 to 13 y.
    const line = featureBySlug('css-text-decoration-line')!;
    const gmail = (code: string) => clientCatalog.find(code)!.caniemail!;
    expect(supportOf(line, gmail('ANDROIDGMAILAPP'))).toBe('n');
    expect(supportOf(line, gmail('ANDROID9GMAILAPP'))).toBe('y');
    // Tests dated rather than numbered keep the newest for every profile.
    const width = featureBySlug('css-width')!;
    expect(supportOf(width, gmail('ANDROIDGMAILAPP'))).toBe(
      supportOf(width, gmail('ANDROID14GMAILAPP')),
    );
  });

  it('applies a note on non-Google accounts to the non-Google profile only', () => {
    // css-object-fit #1: not supported with non Google accounts.
    const html = '<img src="x.png" style="object-fit:cover" alt="">';
    expect(prepare('ANDROIDGMAILAPP', html).html).toContain('object-fit:cover');
    expect(prepare('ANDROIDGMAILIMAP', html).html).not.toContain('object-fit');
    // css-box-shadow #1: only supported with non-Google accounts.
    const shadow = '<p style="box-shadow:0 0 2px #000">x</p>';
    expect(prepare('ANDROIDGMAILAPP', shadow).html).not.toContain('box-shadow');
    expect(prepare('ANDROIDGMAILIMAP', shadow).html).toContain('box-shadow');
  });

  it('strips the whole attribute or block where a note says so, whatever else matches first', () => {
    // css-rgb #3 (Gmail): whitespace rgb() strips the whole attribute / <style> block, even
    // where box-shadow (not supported) would have removed the declaration first.
    const inline = prepare('GMAILNEW', '<p style="box-shadow:0 0 2px rgb(0 0 0);color:red">x</p>');
    expect(inline.html).not.toContain('color:red');
    const block = prepare(
      'GMAILNEW',
      '<html><head><style>@media (max-height: 10px) { .a { color: rgb(0 0 0); } } .b { color: red; }</style></head><body><p class="b">x</p></body></html>',
    );
    expect(block.html).not.toMatch(/color: ?red/);
    // css-modern-color #2: inline, all inline styles of the element go.
    const modern = prepare(
      'GMAILNEW',
      '<p style="color:oklch(60% 0.1 30);margin:0;padding:4px">x</p>',
    );
    expect(modern.html).not.toContain('padding:4px');
    expect(modern.report.list()).toContainEqual(
      expect.objectContaining({
        slug: 'css-modern-color',
        source: 'caniemail css-modern-color #2',
      }),
    );
  });

  it('drops a style attribute holding a comment in Mail.ru (css-comments #3), not in a <style>', () => {
    const html = '<p style="color:red;/* brand */margin:0">x</p>';
    const mailru = prepare('MAILRU', html);
    expect(mailru.html).not.toContain('color:red');
    expect(mailru.report.list()).toContainEqual(
      expect.objectContaining({ slug: 'css-comments', source: 'caniemail css-comments #3' }),
    );
    expect(prepare('APPMAIL15', html).html).toContain('color:red');
  });

  it('reports a partly supported selector whose note it cannot emulate', () => {
    const html =
      '<html><head><style>a:target { color: red; }</style></head><body><a id="x">x</a></body></html>';
    const { report } = prepare('OUTLOOKCOM', html);
    expect(report.list().map((entry) => entry.title)).toContainEqual(
      expect.stringMatching(/partial support not emulated, kept/),
    );
  });
});
