import type { AtRule, Rule } from 'postcss';
import type { EmailDocument } from '../../model/email-document';

/** Whether a rule is a keyframe of an animation (`from`, `50%`): no selector to rewrite. */
export const inKeyframes = (rule: Rule): boolean => {
  const parent = rule.parent as AtRule | undefined;
  return parent?.type === 'atrule' && /keyframes$/i.test(parent.name);
};

/**
 * Webmails that show the email inside their own page prefix its class and id names, so that
 * its CSS cannot style the page around it (Outlook.com's `x_`, Yahoo's `yiv…`).
 */
export function prefixClassesAndIds($: EmailDocument, prefix: string): void {
  $('[class]').each((_i, el) => {
    const classes = ($(el).attr('class') ?? '').split(/\s+/).filter(Boolean);
    $(el).attr('class', classes.map((name) => prefix + name).join(' '));
  });
  $('[id]').each((_i, el) => void $(el).attr('id', prefix + $(el).attr('id')));
}
