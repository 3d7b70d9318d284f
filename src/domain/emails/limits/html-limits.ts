import { Parser } from 'htmlparser2';

export interface HtmlLimits {
  /** Deepest element nesting (Chromium's own parser flattens beyond 512). */
  maxDepth: number;
  maxElements: number;
}

class LimitExceeded extends Error {}

/**
 * Checks an email's HTML against the nesting and element-count limits with htmlparser2's
 * streaming tokenizer, which is linear in the input; it stops at the first breach, so its
 * open-element stack never grows past maxDepth. Returns the problem, or null.
 */
export function htmlLimitProblem(html: string, limits: HtmlLimits): string | null {
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag: () => {
        elements++;
        depth++;
        if (depth > limits.maxDepth) {
          throw new LimitExceeded(`elements nested more than ${limits.maxDepth} deep`);
        }
        if (elements > limits.maxElements) {
          throw new LimitExceeded(`more than ${limits.maxElements} elements`);
        }
      },
      onclosetag: () => {
        depth--;
      },
    },
    { decodeEntities: false, recognizeSelfClosing: false },
  );
  try {
    parser.end(html);
    return null;
  } catch (error) {
    if (error instanceof LimitExceeded) return error.message;
    throw error;
  }
}
