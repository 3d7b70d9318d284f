import type { AnyNode } from 'domhandler';
import { isComment } from 'domhandler';
import type { EmailDocument } from './email-document';

/**
 * Evaluates a downlevel condition such as `gte mso 9`, `!mso`, `(mso 16)|(IE)` for a
 * Word-engine client of the given mso version (IE is never true). Written here because no
 * maintained library evaluates Office conditional comments.
 */
export function evaluateCondition(condition: string, mso: number): boolean {
  const tokens = condition.match(/\(|\)|!|&|\||[a-z]+|\d+(?:\.\d+)?/gi) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];
  const orExpression = (): boolean => {
    let value = andExpression();
    while (peek() === '|') {
      next();
      value = andExpression() || value;
    }
    return value;
  };
  const andExpression = (): boolean => {
    let value = unary();
    while (peek() === '&') {
      next();
      value = unary() && value;
    }
    return value;
  };
  const unary = (): boolean => {
    if (peek() === '!') {
      next();
      return !unary();
    }
    if (peek() === '(') {
      next();
      const value = orExpression();
      if (peek() === ')') next();
      return value;
    }
    return comparison();
  };
  const comparison = (): boolean => {
    const operator = /^(gt|gte|lt|lte)$/i.test(peek() ?? '') ? next().toLowerCase() : 'eq';
    const feature = (next() ?? '').toLowerCase();
    const version = /^\d/.test(peek() ?? '') ? Number(next()) : undefined;
    if (feature !== 'mso') return false;
    if (version === undefined) return operator === 'eq';
    const major = Math.floor(mso);
    switch (operator) {
      case 'gt':
        return mso > version;
      case 'gte':
        return mso >= version;
      case 'lt':
        return mso < version;
      case 'lte':
        return mso <= version;
      default:
        return major === Math.floor(version);
    }
  };
  return orExpression();
}

const HIDDEN = /^\s*\[if ([^\]]+)\]>([\s\S]*)<!\[endif\]\s*$/i;
const REVEALED_START = /^\s*\[if ([^\]]+)\]><!\s*$/i;
const REVEALED_END = /^\s*<!\[endif\]\s*$/i;

/**
 * Word-engine clients: `<!--[if mso]>...<![endif]-->` content appears when the condition
 * holds for this mso version, and `<!--[if !mso]><!-->...<!--<![endif]-->` content is
 * hidden when its condition fails. Every other client leaves these as comments, which
 * browsers already do, so this transform runs only for Word-engine profiles.
 */
export function applyConditionalComments($: EmailDocument, mso: number): number {
  let applied = 0;
  const comments: AnyNode[] = [];
  $('*')
    .contents()
    .each((_i, node) => void (isComment(node) && comments.push(node)));
  for (const node of comments) {
    if (!isComment(node) || !node.parent) continue;
    const hidden = HIDDEN.exec(node.data);
    if (hidden) {
      if (evaluateCondition(hidden[1], mso)) $(node).replaceWith(hidden[2]);
      else $(node).remove();
      applied++;
      continue;
    }
    const revealed = REVEALED_START.exec(node.data);
    if (revealed) {
      const keep = evaluateCondition(revealed[1], mso);
      let sibling = node.nextSibling;
      while (sibling && !(isComment(sibling) && REVEALED_END.test(sibling.data))) {
        const following = sibling.nextSibling;
        if (!keep) $(sibling).remove();
        sibling = following;
      }
      if (sibling) $(sibling).remove();
      $(node).remove();
      applied++;
    }
  }
  return applied;
}
