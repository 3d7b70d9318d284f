import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import type { Preparation } from '../model/client-family';

const ENGINE_STYLE = 'data-ip-engine-style';

/**
 * CSS that reproduces an engine's own behaviour in Chromium (Word raising text, say) is not
 * the email's CSS: the client's support data must not remove it. It waits in an attribute
 * and joins the style attribute once every removal has run.
 */
export function addEngineStyle(element: Cheerio<Element>, css: string): void {
  const pending = element.attr(ENGINE_STYLE);
  element.attr(ENGINE_STYLE, pending ? `${pending};${css}` : css);
}

export function applyEngineStyles(p: Preparation): void {
  p.$(`[${ENGINE_STYLE}]`).each((_i, el) => {
    const element = p.$(el);
    const style = element.attr('style');
    element.attr(
      'style',
      style ? `${style};${element.attr(ENGINE_STYLE)}` : element.attr(ENGINE_STYLE)!,
    );
    element.removeAttr(ENGINE_STYLE);
  });
}
