import { testRenderer } from '../support/renderer';
import type { Renderer } from '../../src/rendering/render';

const DEFAULT = { images: 'allowed', orientation: 'vertical' } as const;

/**
 * Markup can shadow the document's own names: `<img name="cookie">` makes `document.cookie`
 * that image. The capture's page scripts read the document through its prototype, so such
 * an email renders, and its text is still read, in every engine.
 */
describe('markup shadowing the document’s names', () => {
  let renderer: Renderer;
  beforeAll(() => (renderer = testRenderer()));
  afterAll(() => renderer.close());

  const names = ['cookie', 'body', 'images', 'fonts', 'getAnimations', 'documentElement'];
  const html = `<html><body>${names.map((name) => `<img name="${name}" alt="">`).join('')}
    <form name="createTreeWalker"></form><form name="createElement"></form>
    <p style="color:#999999;font-size:16px">Grey text</p></body></html>`;

  it.each(['OL2019', 'APPMAIL15', 'THUNDERBIRDLATEST'])(
    'renders in %s, its text read',
    async (client) => {
      const result = await renderer.render({ html, text: null, images: [] }, client, DEFAULT);
      expect(result.full.length).toBeGreaterThan(0);
      expect(result.textSamples).toContainEqual(
        expect.objectContaining({ color: '#999999', background: '#ffffff', text: 'Grey text' }),
      );
    },
  );
});
