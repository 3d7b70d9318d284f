import type { AtRule, Declaration, Root } from 'postcss';
import { editInlineStyles, editStylesheets } from '../../model/css-walker';
import type { Preparation } from '../../model/client-family';
import type { ReportSink } from '../../model/render-report';

/** Proton's web client (ProtonMail/WebClients), the files that do what this stage does. */
const ESCAPE = 'ProtonMail/WebClients packages/sanitize/src/escape.ts (escapeForbiddenStyle)';
const STYLESHEET = 'ProtonMail/WebClients mail-renderer transformStylesheet.ts';
const ATTRIBUTES = 'ProtonMail/WebClients mail-renderer transformStyleAttributes.ts';

/** One documented rewrite: which declarations it changes, and into what. */
interface Rewrite {
  title: string;
  source: string;
  /** Only in style attributes (transformStyleAttributes), or everywhere. */
  inlineOnly?: boolean;
  applies: (property: string, value: string) => boolean;
  /** The new value, or what replaces the declaration. */
  to: string | ((decl: Declaration) => void);
}

const SIDES = ['top', 'right', 'bottom', 'left'];
const NEGATIVE = /^\s*-\d+(\.\d+)?/;

/**
 * `margin: -10px 0` as the four longhands, each negative one unset (the client reads and
 * writes element.style.marginTop and its siblings, which a shorthand sets too).
 */
function unsetNegativeSides(decl: Declaration): void {
  const parts = decl.value.trim().split(/\s+/);
  const values = [
    parts[0],
    parts[1] ?? parts[0],
    parts[2] ?? parts[0],
    parts[3] ?? parts[1] ?? parts[0],
  ];
  SIDES.forEach((side, i) =>
    decl.cloneBefore({
      prop: `margin-${side}`,
      value: NEGATIVE.test(values[i]) ? 'unset' : values[i],
    }),
  );
  decl.remove();
}

const REWRITES: Rewrite[] = [
  {
    title: 'position: absolute becomes relative',
    source: ESCAPE,
    applies: (property, value) => property === 'position' && /^\s*absolute\b/i.test(value),
    to: 'relative',
  },
  {
    title: 'position: fixed and sticky become inherit',
    source: ESCAPE,
    applies: (property, value) =>
      property === 'position' && /^\s*(fixed|sticky|-webkit-sticky)\b/i.test(value),
    to: 'inherit',
  },
  {
    title: 'Percentage heights are unset',
    source: ESCAPE,
    applies: (property, value) => /^(min-)?height$/.test(property) && /^\s*[\d.,]+%/.test(value),
    to: 'unset',
  },
  {
    title: 'min-height: 100vh becomes auto',
    source: STYLESHEET,
    applies: (property, value) =>
      /^min-(height|block-size)$/.test(property) && /^\s*100vh\s*$/i.test(value),
    to: 'auto',
  },
  {
    title: 'A height in vh becomes auto',
    source: ATTRIBUTES,
    inlineOnly: true,
    applies: (property, value) => property === 'height' && /vh/i.test(value),
    to: 'auto',
  },
  {
    title: 'left, right, top and inset offsets are unset',
    source: ATTRIBUTES,
    inlineOnly: true,
    applies: (property) => /^(left|right|top|inset-(inline|block)-(start|end))$/.test(property),
    to: 'unset',
  },
  {
    title: 'Negative margins are unset',
    source: ATTRIBUTES,
    inlineOnly: true,
    applies: (property, value) =>
      (/^margin-(top|right|bottom|left)$/.test(property) && NEGATIVE.test(value)) ||
      (property === 'margin' &&
        value
          .trim()
          .split(/\s+/)
          .some((part) => NEGATIVE.test(part))),
    to: (decl) => {
      if (decl.prop.toLowerCase() === 'margin') unsetNegativeSides(decl);
      else decl.value = 'unset';
    },
  },
  {
    title: 'white-space: pre becomes pre-wrap',
    source: ATTRIBUTES,
    inlineOnly: true,
    applies: (property, value) => property === 'white-space' && /^\s*pre\s*$/i.test(value),
    to: 'pre-wrap',
  },
];

/** Runs the rewrites on one block of declarations, reporting each (the report merges repeats). */
function rewriteDeclarations(
  root: Root,
  where: 'style block' | 'style attribute',
  report: ReportSink,
) {
  const inline = where === 'style attribute';
  root.walkDecls((decl) => {
    const property = decl.prop.toLowerCase();
    const rewrite = REWRITES.find(
      (candidate) => (inline || !candidate.inlineOnly) && candidate.applies(property, decl.value),
    );
    if (!rewrite) return;
    if (typeof rewrite.to === 'string') decl.value = rewrite.to;
    else rewrite.to(decl);
    report.add('rule:protonmail', rewrite.title, where, rewrite.source);
  });
}

/** Top-level media queries on the height: they would change the iframe's measured height. */
function dropHeightQueries(root: Root): number {
  let dropped = 0;
  for (const node of [...(root.nodes ?? [])]) {
    const atRule = node as AtRule;
    if (node.type !== 'atrule' || !/^(media|container)$/i.test(atRule.name)) continue;
    if (!/height/i.test(atRule.params)) continue;
    atRule.remove();
    dropped++;
  }
  return dropped;
}

/**
 * Proton Mail's style rewrites, as its web client makes them before showing an email: in
 * style blocks and style attributes, positions that would lift content out of the message
 * and percentage heights; in style blocks, media queries on the height; in style attributes,
 * offsets, negative margins, `white-space: pre` and viewport heights.
 */
export function rewriteProtonStyles(p: Preparation): void {
  let queries = 0;
  editStylesheets(p.$, (root) => {
    queries += dropHeightQueries(root);
    rewriteDeclarations(root, 'style block', p.report);
  });
  editInlineStyles(p.$, (root) => rewriteDeclarations(root, 'style attribute', p.report));
  if (queries)
    p.report.add(
      'rule:protonmail',
      'Media queries on the height are removed',
      '@media',
      STYLESHEET,
      queries,
    );
}
