import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { parseEmail } from '../../src/rendering/transforms/email-document';
import type { ImagePlan } from '../../src/rendering/transforms/images';
import type { Preparation } from '../../src/rendering/transforms/preparation';
import { RenderReport } from '../../src/rendering/transforms/render-report';

/** One pipeline stage's input: an email parsed for a client code, as prepareHtml builds it. */
export function preparationFor(html: string, code: string, plan?: ImagePlan): Preparation {
  const profile = clientCatalog.find(code)!;
  return {
    $: parseEmail(html),
    profile,
    options: { images: 'allowed', orientation: 'vertical' },
    report: new RenderReport(),
    has: (rule) => profile.rules.includes(rule),
    plan,
  };
}
