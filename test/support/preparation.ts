import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { familyOf } from '../../src/rendering/families/lookup';
import type { ImagePlan, RenderImage } from '../../src/rendering/model/email-content';
import type { Preparation } from '../../src/rendering/model/client-family';
import { createPreparation } from '../../src/rendering/model/preparation';
import type { RenderOptions } from '../../src/rendering/profile/options';

/** One pipeline stage's input: an email parsed for a client code, as prepareHtml builds it. */
export function preparationFor(
  html: string,
  code: string,
  plan?: ImagePlan,
  options: Partial<RenderOptions> = {},
  images: RenderImage[] = [],
): Preparation {
  const profile = clientCatalog.find(code)!;
  const p = createPreparation({ html, text: null, images }, profile, familyOf(profile), {
    images: 'allowed',
    orientation: 'vertical',
    ...options,
  });
  if (plan) p.plan = plan;
  return p;
}
