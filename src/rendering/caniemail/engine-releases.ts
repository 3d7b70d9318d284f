import { readFileSync } from 'node:fs';
import { COMPAT_BROWSERS, type CompatBrowser, type EngineRelease } from '../profile/client-profile';

/**
 * What a browser engine supported release by release, from @mdn/browser-compat-data: the
 * record a profile falls back on where caniemail has no test of its client at or before the
 * profile's version (docs/fidelity.md#each-profile-at-its-version). Only the CSS part of the
 * data, for the four browsers whose engines stand in for email clients, is kept: the whole
 * data set is 20 MB of JSON, read once, on the first versioned profile, and let go.
 */
const BROWSER_NAMES: Record<CompatBrowser, string> = {
  safari_ios: 'Safari on iOS',
  safari: 'Safari',
  firefox: 'Firefox',
  chrome_android: 'Chrome Android',
};

export const releaseName = ({ browser, version }: EngineRelease) =>
  `${BROWSER_NAMES[browser]} ${version}`;

interface SupportStatement {
  version_added: string | boolean | null;
  version_removed?: string | boolean;
  prefix?: string;
  alternative_name?: string;
  flags?: unknown[];
  partial_implementation?: boolean;
}
interface CompatNode {
  __compat?: { support: Partial<Record<string, SupportStatement | SupportStatement[]>> };
  [key: string]: unknown;
}

/** A span of releases that support a feature: from `added`, up to (not with) `removed`. */
type Span = readonly [added: string, removed: string | null];

/** path ("css.types.color.light-dark") → browser → its spans of support ([] for never). */
type Spans = Map<string, Partial<Record<CompatBrowser, Span[]>>>;

let table: Spans | undefined;

/**
 * The spans in which a browser supports a feature unprefixed, under its own name, with no
 * flag (a partial implementation counts: the engine drew it); undefined when the data does
 * not know (`null`, `true`). `≤15` (supported by 15 at the latest) reads as 15.
 */
function spansOf(statements: SupportStatement | SupportStatement[]): Span[] | undefined {
  const spans: Span[] = [];
  for (const s of [statements].flat()) {
    if (s.prefix || s.alternative_name || s.flags) continue;
    if (s.version_added === false || s.version_added === 'preview') continue;
    if (typeof s.version_added !== 'string') return undefined;
    const removed = typeof s.version_removed === 'string' ? s.version_removed : null;
    spans.push([s.version_added.replace(/^≤/, ''), removed?.replace(/^≤/, '') ?? null]);
  }
  return spans;
}

function load(): Spans {
  const data = JSON.parse(readFileSync(require.resolve('@mdn/browser-compat-data'), 'utf8')) as {
    css: CompatNode;
  };
  const found: Spans = new Map();
  const walk = (node: CompatNode, path: string) => {
    const support = node.__compat?.support;
    if (support) {
      const entry: Partial<Record<CompatBrowser, Span[]>> = {};
      for (const browser of COMPAT_BROWSERS) {
        const statements = support[browser];
        const spans = statements ? spansOf(statements) : undefined;
        if (spans) entry[browser] = spans;
      }
      found.set(path, entry);
    }
    for (const [key, child] of Object.entries(node))
      if (key !== '__compat' && child && typeof child === 'object')
        walk(child as CompatNode, `${path}.${key}`);
  };
  walk(data.css, 'css');
  return found;
}

function compare(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** What the data says of a feature in a release: added later (or never), or nothing known. */
export interface Lack {
  path: string;
  /** The release that added it, or null for never. */
  addedIn: string | null;
}

/** Whether a release lacks a feature by the data: undefined when it has it or none knows. */
export function lackOf(path: string, release: EngineRelease): Lack | undefined {
  table ??= load();
  const spans = table.get(path)?.[release.browser];
  if (!spans) return undefined;
  const has = spans.some(
    ([added, removed]) =>
      compare(added, release.version) <= 0 && (!removed || compare(removed, release.version) > 0),
  );
  if (has) return undefined;
  const later = spans
    .map(([added]) => added)
    .filter((added) => compare(added, release.version) > 0)
    .sort(compare);
  return { path, addedIn: later[0] ?? null };
}

/** Every CSS property the data records (`css.properties.<name>`). */
export function recordedProperties(): string[] {
  table ??= load();
  return [...table.keys()]
    .filter((path) => /^css\.properties\.[^.]+$/.test(path))
    .map((path) => path.slice('css.properties.'.length));
}

/** The report's source line for a feature a release lacks. */
export function compatSource(lack: Lack, release: EngineRelease): string {
  const since = lack.addedIn
    ? `${BROWSER_NAMES[release.browser]} ${lack.addedIn}`
    : `not in ${BROWSER_NAMES[release.browser]}`;
  return `@mdn/browser-compat-data ${lack.path} (${since}; the profile's engine is ${releaseName(release)})`;
}
