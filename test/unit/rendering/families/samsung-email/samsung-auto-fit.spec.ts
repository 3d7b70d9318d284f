import { applySamsungAutoFit } from '../../../../../src/rendering/families/samsung-email/auto-fit';
import type { RenderOptions } from '../../../../../src/rendering/profile/options';
import { preparationFor } from '../../../../support/preparation';

function prepare(
  code: string,
  html: string,
  orientation: RenderOptions['orientation'] = 'vertical',
) {
  const p = preparationFor(html, code, undefined, { orientation });
  applySamsungAutoFit(p);
  return p;
}

const email = (body: string) =>
  `<html><head><style>@media (max-width: 480px) { .m { display: none } } @media (min-width: 500px) { .d { color: red } }</style></head><body>${body}</body></html>`;

describe('Samsung Mail auto fit', () => {
  it('lays the email out at its widest declared width and answers width queries for it', () => {
    const p = prepare(
      'SAMSUNGMAIL',
      email(
        '<table width="600" style="width:100%"><tr><td style="width: 640px">x</td></tr></table>',
      ),
    );
    expect(p.$('#ip-samsung-auto-fit').text()).toBe('html { width: 640px; }');
    const css = p.$('style:not(#ip-samsung-auto-fit)').text();
    expect(css).toContain('@media (max-width: 0px) { .m');
    expect(css).toContain('@media (min-width: 0px) { .d');
    expect(p.report.list()[0]).toMatchObject({
      slug: 'rule:samsung-auto-fit',
      source: 'email-bugs#73; voidlabs/versafix-template#37',
    });
  });

  it('leaves an email no wider than the screen alone, and other clients', () => {
    expect(
      prepare('SAMSUNGMAIL', email('<table width="320">')).$('#ip-samsung-auto-fit').length,
    ).toBe(0);
    expect(prepare('SAMSUNGMAIL', email('<table width="100%">')).report.list()).toEqual([]);
    expect(prepare('IPHONE15', email('<table width="600">')).report.list()).toEqual([]);
  });

  it('uses the screen width of the orientation', () => {
    const p = prepare('SAMSUNGMAIL', email('<table width="600">'), 'horizontal');
    expect(p.$('#ip-samsung-auto-fit').length).toBe(0);
    const wide = prepare('SAMSUNGMAIL', email('<table width="900">'), 'horizontal');
    expect(wide.$('#ip-samsung-auto-fit').text()).toBe('html { width: 900px; }');
  });
});
