/**
 * Evaluates a downlevel condition such as `gte mso 9`, `!mso`, `(mso 16)|(IE)`, `mso | IE`
 * for a Word-engine client of the given mso version. `vml` is a feature Word has (VML 1);
 * IE and anything else is false. Written here because no maintained library evaluates
 * Office conditional comments.
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
    const have = feature === 'mso' ? mso : feature === 'vml' ? 1 : undefined;
    if (have === undefined) return false;
    if (version === undefined) return operator === 'eq';
    switch (operator) {
      case 'gt':
        return have > version;
      case 'gte':
        return have >= version;
      case 'lt':
        return have < version;
      case 'lte':
        return have <= version;
      default:
        return Math.floor(have) === Math.floor(version);
    }
  };
  return orExpression();
}

/**
 * The markers of conditional comments, in the forms Outlook, MJML, Foundation and
 * Cerberus write them:
 * - `<!--[if C]>` opens downlevel-hidden content, closed by `<![endif]-->`;
 * - `<!--[if C]><!-->` (also `<!--[if C]><!-- -->`) and `<![if C]>` open downlevel-revealed
 *   content, closed by `<!--<![endif]-->` or `<![endif]>`.
 */
const MARKER =
  /<!--\s*\[if\s+([^\]]*)\]\s*>(\s*<!(?:--\s*)?-->)?|<!\[if\s+([^\]]*)\]>|<!--\s*<!\[endif\]\s*-->|<!\[endif\]\s*(?:--)?>/gi;

export interface EvaluatedSource {
  html: string;
  /** How many conditional comments were evaluated. */
  evaluated: number;
}

/**
 * Outlook evaluates conditional comments on the source before it lays anything out, so a
 * ghost table may open in one comment and close in another (`<!--[if mso]><table><tr><td>
 * <![endif]-->` ... `<!--[if mso]></td></tr></table><![endif]-->`). This does the same on
 * the raw text: content whose conditions all hold becomes plain markup, the rest and the
 * markers disappear. Nesting is kept on a stack; an unmatched end marker is dropped, and
 * content still open at the end of the text closes there.
 */
export function evaluateConditionalComments(source: string, mso: number): EvaluatedSource {
  const open: boolean[] = [];
  let visible = true;
  let evaluated = 0;
  let cursor = 0;
  let html = '';
  for (const match of source.matchAll(MARKER)) {
    if (visible) html += source.slice(cursor, match.index);
    cursor = match.index + match[0].length;
    const condition = match[1] ?? match[3];
    if (condition !== undefined) {
      evaluated++;
      open.push(visible);
      visible = visible && evaluateCondition(condition, mso);
    } else if (open.length > 0) {
      visible = open.pop()!;
    }
  }
  if (visible) html += source.slice(cursor);
  return { html, evaluated };
}

/**
 * Every branch of every conditional comment as plain markup: what any client might show.
 * Image prefetch reads this, so an image that only Outlook's VML references is stored too.
 */
export function revealConditionalContent(source: string): string {
  return source.replace(MARKER, '');
}
