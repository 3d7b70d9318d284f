import type { Element } from 'domhandler';
import { applyLateStyleBlocks } from '../../../../../src/rendering/families/outlook-word/late-style-blocks';
import { preparationFor } from '../../../../support/preparation';

describe('Word applies a <style> only to the elements after it (caniemail html-style #4)', () => {
  const prepared = (body: string, head = '') => {
    const p = preparationFor(`<html><head>${head}</head><body>${body}</body></html>`, 'OL2019');
    applyLateStyleBlocks(p);
    return p;
  };

  it('excludes the elements before a block in the body, its ancestors and the body included', () => {
    const p = prepared(
      '<p class="a">before</p><div><style>.a, p::first-line { color: red }</style><p class="a">after</p></div>',
    );
    const css = p.$('style').text();
    expect(css).toContain('.a:not([data-ip-before-style-1])');
    expect(css).toContain('p:not([data-ip-before-style-1])::first-line');
    expect(
      p
        .$('[data-ip-before-style-1]')
        .toArray()
        .map((e) => (e as Element).tagName),
    ).toEqual([
      'body',
      'p',
      'div', // holding the block
    ]);
    expect(p.$('p').last().attr('data-ip-before-style-1')).toBeUndefined();
    expect(p.report.list().map((entry) => entry.source)).toEqual(['caniemail html-style #4']);
  });

  it('leaves blocks in the head, and a block first in the body with nothing but the body before it, applying to what follows', () => {
    const head = prepared('<p class="a">x</p>', '<style>.a { color: red }</style>');
    expect(head.$('style').text()).toBe('.a { color: red }');
    expect(head.report.list()).toEqual([]);
  });

  it('leaves keyframes alone', () => {
    const p = prepared(
      '<p>x</p><style>@keyframes k { from { color: red } } .a { color: red }</style>',
    );
    expect(p.$('style').text()).toContain('from { color: red }');
    expect(p.$('style').text()).toContain('.a:not([data-ip-before-style-1])');
  });
});
