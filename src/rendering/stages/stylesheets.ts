import type { AtRule, ChildNode, Root } from 'postcss';
import safeParse from 'postcss-safe-parser';
import valueParser from 'postcss-value-parser';
import { httpUrl, importTarget, leadingImports } from '../../base/text/css-imports';
import { clientFeatures } from '../caniemail/client-features';
import { supportEntry } from '../caniemail/support-table';
import { editStylesheets } from '../model/css-walker';
import type { Preparation } from '../model/client-family';
import { asBuffer, RenderImage, RenderResource } from '../model/email-content';
import { caniemailSource } from '../model/render-report';

type Stored = Extract<RenderResource, { status: 'stored' }>;

/** Whether the client loads what a caniemail feature names (no record: as a browser does). */
export function clientLoads(p: Preparation, slug: string): boolean {
  return !clientFeatures(p.profile, p.family).some(
    (feature) => feature.feature.slug === slug && feature.unsupported,
  );
}

/**
 * The stylesheets stage, first of all: the email's `<link>`ed and @imported stylesheets,
 * where the client loads them (caniemail html-link, css-at-import), are put in place as the
 * `<style>` text they stand for, from the copies stored at POST, so every later stage (the
 * client's sanitizer, the caniemail stage, the images) sees their rules as the client's
 * engine does. Relative URLs in them are resolved against the stylesheet's own URL. Where
 * the client does not load them they stay, and the caniemail stage removes them and says
 * so; a stylesheet with no stored copy is removed, its reason reported. Every stylesheet
 * and font the email loads is reported with its fate.
 */
export function loadStylesheets(p: Preparation): void {
  const resources = p.email.resources ?? [];
  if (resources.length === 0) return;
  const sheets = new Map<string, RenderResource>();
  for (const resource of resources)
    if (resource.kind === 'stylesheet') sheets.set(resource.url, resource);
  const imports = clientLoads(p, 'css-at-import');
  const expand = (css: string, base: string) => expandImports(css, base, sheets, imports, []);
  const { $ } = p;
  if (clientLoads(p, 'html-link')) {
    $('link[href]').each((_i, element) => {
      const link = $(element);
      if (!/(^|\s)stylesheet(\s|$)/i.test(link.attr('rel') ?? '')) return;
      const url = httpUrl(link.attr('href')!);
      const sheet = url ? sheets.get(url) : undefined;
      if (sheet?.status !== 'stored') return void link.remove();
      const media = link.attr('media');
      const css = expand(textOf(sheet), sheet.url);
      link.replaceWith($('<style>').text(media ? `@media ${media}{${css}}` : css));
    });
  }
  if (imports) {
    editStylesheets($, (root) => {
      if (root.nodes.some((node) => node.type === 'atrule' && /^import$/i.test(node.name)))
        expandRoot(root, undefined, sheets, true, []);
    });
  }
  reportResources(p, resources);
}

/** Notes by which a client keeps `@font-face` but never downloads its file. */
const NO_DISTANT_FONTS = /distant fonts are ignored|`src` property is removed/;

/**
 * Whether the client downloads web font files: it supports `@font-face` (caniemail), and
 * no note of its own says distant fonts are ignored (Outlook for Windows #4). `source`
 * names the record either way.
 */
export function webFontLoading(p: Preparation): { loads: boolean; source: string } {
  const slug = 'css-at-font-face';
  if (!clientLoads(p, slug)) return { loads: false, source: caniemailSource(slug) };
  const entry = p.profile.caniemail
    ? supportEntry(p.profile.caniemail).find((e) => e.feature.slug === slug)
    : undefined;
  const note = entry?.noteNumbers.find((n) =>
    NO_DISTANT_FONTS.test(entry.feature.notes_by_num?.[n] ?? ''),
  );
  return note
    ? { loads: false, source: caniemailSource(slug, [note]) }
    : { loads: true, source: caniemailSource(slug) };
}

/** The stored web fonts, served like images (by the URL their @font-face names). */
export function storedFonts(p: Preparation): RenderImage[] {
  if (!webFontLoading(p).loads) return [];
  return (p.email.resources ?? [])
    .filter((r): r is Stored => r.kind === 'font' && r.status === 'stored')
    .map((font) => ({ url: font.url, contentType: font.contentType, data: asBuffer(font.data) }));
}

/** A stylesheet's text with its @imports replaced by what they import, URLs made absolute. */
function expandImports(
  css: string,
  base: string,
  sheets: Map<string, RenderResource>,
  imports: boolean,
  chain: string[],
): string {
  return expandRoot(safeParse(css) as Root, base, sheets, imports, [...chain, base]);
}

/** Replaces `root`'s @imports in place (and returns its text). */
function expandRoot(
  root: Root,
  base: string | undefined,
  sheets: Map<string, RenderResource>,
  imports: boolean,
  chain: string[],
): string {
  if (base) absoluteUrls(root, base);
  if (!imports) return root.toString();
  // Only the @imports engines honour count; they stand where they were, so the imported
  // rules keep their place in the cascade.
  for (const node of leadingImports(root.nodes)) {
    const { url, media } = importOf(node, base);
    const sheet = url ? sheets.get(url) : undefined;
    // A loop, or a stylesheet not stored, imports nothing, as in a browser.
    if (!url || chain.includes(url) || sheet?.status !== 'stored') {
      node.remove();
      continue;
    }
    const css = expandImports(textOf(sheet), url, sheets, imports, chain);
    node.replaceWith(safeParse(media ? `@media ${media}{${css}}` : css).nodes as ChildNode[]);
  }
  return root.toString();
}

function importOf(rule: AtRule, base: string | undefined): { url: string | null; media: string } {
  const { reference, media } = importTarget(rule);
  return { url: reference ? httpUrl(reference, base) : null, media };
}

/** Relative url()s of a stylesheet resolve against its own URL, not the email's. */
function absoluteUrls(root: Root, base: string): void {
  root.walkDecls((decl) => {
    if (!/url\(/i.test(decl.value)) return;
    const parsed = valueParser(decl.value);
    parsed.walk((node) => {
      if (node.type !== 'function' || node.value.toLowerCase() !== 'url' || !node.nodes[0]) return;
      const url = httpUrl(node.nodes[0].value, base);
      if (url)
        node.nodes = [{ ...node.nodes[0], type: 'word', value: url } as valueParser.WordNode];
    });
    decl.value = parsed.toString();
  });
  root.walkAtRules(/^import$/i, (rule) => {
    const { url, media } = importOf(rule, base);
    if (url) rule.params = `url(${url})${media ? ` ${media}` : ''}`;
  });
}

function reportResources(p: Preparation, resources: RenderResource[]): void {
  const link = { loads: clientLoads(p, 'html-link'), source: caniemailSource('html-link') };
  const imports = {
    loads: clientLoads(p, 'css-at-import'),
    source: caniemailSource('css-at-import'),
  };
  const fonts = webFontLoading(p);
  for (const resource of resources) {
    const { loads, source } = resource.kind === 'font' ? fonts : resource.from ? imports : link;
    const what = resource.kind === 'font' ? 'Web font' : 'Stylesheet';
    const title = !loads
      ? `${what} not loaded: this client does not load it`
      : resource.status === 'stored'
        ? `${what} loaded`
        : `${what} missing: ${resource.status} at POST (${resource.reason})`;
    const where = resource.from ? `${resource.url} (from ${resource.from})` : resource.url;
    p.report.add(`resource:${resource.kind}`, title, where, source);
  }
}

function textOf(sheet: Stored): string {
  return asBuffer(sheet.data).toString('utf8');
}
