import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { prepareHtml } from '../../../../src/rendering/prepare/prepare-html';

const ALWAYS = '(min-width: 0px)';
const NEVER = '((max-width: 0px) and (min-width: 1px))';

function prepare(code: string, head: string) {
  const html = `<!DOCTYPE html><html><head>${head}</head><body><p class="a">x</p></body></html>`;
  return prepareHtml({ html, text: null, images: [], resources: [] }, clientCatalog.find(code)!, {
    images: 'allowed',
    orientation: 'vertical',
  });
}

describe('the interaction media stage: hover and pointer as the device answers them', () => {
  const queries = [
    ['(hover: none)', ALWAYS],
    ['(hover: hover)', NEVER],
    ['(hover)', NEVER],
    ['(any-hover: none)', ALWAYS],
    ['(pointer: coarse)', ALWAYS],
    ['(pointer: fine)', NEVER],
    ['(pointer: none)', NEVER],
    ['(pointer)', ALWAYS],
    ['(ANY-POINTER : FINE)', NEVER],
  ];

  it.each(queries)('answers %s on an iPhone', (query, answer) => {
    const { html } = prepare('IPHONE13', `<style>@media ${query} { .a { color: red } }</style>`);
    expect(html).toContain(`@media ${answer} {`);
  });

  it('keeps the rest of a query and its negation valid, and reports the answers', () => {
    const { html, report } = prepare(
      'IPHONE13',
      '<style>@media not all and (hover: hover) { .a { color: red } } @media screen and (max-width: 600px) and (pointer: coarse) { .a { color: blue } }</style>',
    );
    expect(html).toContain(`@media not all and ${NEVER} {`);
    expect(html).toContain(`@media screen and (max-width: 600px) and ${ALWAYS} {`);
    expect(report.list().find((e) => e.slug === 'rule:touch-media-features')).toMatchObject({
      count: 2,
    });
  });

  it("answers a style block's media attribute too, on an Android phone", () => {
    const { html } = prepare(
      'SAMSUNGMAIL',
      '<style media="(hover: none)">.a { color: red }</style>',
    );
    expect(html).toContain(`media="${ALWAYS}"`);
  });

  it.each([
    ['(hover: none)', NEVER],
    ['(hover: hover)', ALWAYS],
    ['(hover)', ALWAYS],
    ['(pointer: coarse)', NEVER],
    ['(any-pointer: fine)', ALWAYS],
  ])('answers %s for a mouse on a desktop, whatever the engine finds', (query, answer) => {
    for (const code of ['APPMAIL16', 'FFOUTLOOKCOM', 'CHROMEOUTLOOKCOM']) {
      const { html, report } = prepare(
        code,
        `<style>@media ${query} { .a { color: red } }</style>`,
      );
      expect(html).toContain(`@media ${answer} {`);
      expect(report.list().map((e) => e.slug)).toContain('rule:mouse-media-features');
    }
  });
});
