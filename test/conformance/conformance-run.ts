import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapWithConcurrency } from '../../src/base/system/map-with-concurrency';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import type { Renderer } from '../../src/rendering/render';
import { ConformancePair, TESTS_FOLDER } from './conformance-pairs';
import { decide, expected, pictureOf, Verdict } from './oracle';

const OPTIONS = { images: 'allowed', orientation: 'vertical' } as const;

/** One decided (or undecided) pair, as the report keeps it. */
export interface ConformanceEntry {
  test: string;
  feature: string;
  client: string;
  family: string;
  caniemail: string;
  verdict: Verdict;
  /** true or false when the verdict is decided and caniemail's value expects one; else null. */
  agrees: boolean | null;
  engine_change: number;
  client_change: number;
  why?: string;
}

/** The same profile with `slug` taken out of every email (ClientProfile.without). */
function withoutFeature(profile: ClientProfile, slug: string): ClientProfile {
  return { ...profile, code: `${profile.code}~without~${slug}`, without: [slug] };
}

/**
 * The profile's engine, viewport, scale and scheme with no emulation at all: the generic
 * family and no caniemail record, so the email is drawn as the engine draws it (full support).
 */
function engineAlone(profile: ClientProfile, slug?: string): ClientProfile {
  const device = [profile.engine, profile.viewport.width, profile.viewport.height];
  const name = `~engine~${device.join('x')}@${profile.device_scale_factor}~${profile.dark}~${profile.capture.join(',')}`;
  return {
    ...profile,
    code: slug ? `${name}~without~${slug}` : name,
    family: 'generic',
    caniemail: null,
    rules: [],
    mso: undefined,
    ...(slug ? { without: [slug] } : { without: undefined }),
  };
}

export interface RunOutcome {
  entries: ConformanceEntry[];
  /** Renders drawn (not shared with another profile that prepared the email identically). */
  renders: number;
  /** Renders asked for. */
  asked: number;
}

/**
 * Renders each pair's four pictures and decides (oracle.ts). Renders of one test share
 * between profiles that prepare it identically (the renderer's sharing, keyed by the test).
 * `pictures`: a folder to write each pair's four PNGs to, to look at them.
 */
export async function runConformance(
  renderer: Renderer,
  pairs: ConformancePair[],
  options: {
    concurrency?: number;
    pictures?: string;
    /** Told after each pair. */
    progress?: (done: number, total: number) => void;
  } = {},
): Promise<RunOutcome> {
  let renders = 0;
  let asked = 0;
  const html = new Map<string, string>();
  const source = (test: string) => {
    if (!html.has(test)) html.set(test, readFileSync(join(TESTS_FOLDER, test), 'utf8'));
    return html.get(test)!;
  };
  const draw = async (test: string, profile: ClientProfile) => {
    asked++;
    const result = await renderer.render(
      { html: source(test), text: null, images: [] },
      profile,
      OPTIONS,
      `conformance:${test}`,
    );
    if (!result.shared) renders++;
    return result.full;
  };
  const drawAll = ({ test, feature, profile }: ConformancePair) =>
    Promise.all([
      draw(test, profile),
      draw(test, withoutFeature(profile, feature)),
      draw(test, engineAlone(profile)),
      draw(test, engineAlone(profile, feature)),
    ]);
  let done = 0;
  const entries = await mapWithConcurrency(pairs, options.concurrency ?? 4, async (pair) => {
    const entry = await decidePair(pair);
    options.progress?.(++done, pairs.length);
    return entry;
  });
  return { entries, renders, asked };

  async function decidePair(pair: ConformancePair): Promise<ConformanceEntry> {
    const { test, feature, profile } = pair;
    const pngs = await drawAll(pair).catch((error: Error) => error);
    if (pngs instanceof Error)
      return {
        ...entryOf(pair),
        verdict: 'undecided' as const,
        agrees: null,
        engine_change: 0,
        client_change: 0,
        why: `a render failed: ${pngs.message}`,
      };

    if (options.pictures) {
      const folder = join(options.pictures, test.replace(/\.html$/, ''), profile.code);
      mkdirSync(folder, { recursive: true });
      ['client', `client-without-${feature}`, 'engine', `engine-without-${feature}`].forEach(
        (name, i) => writeFileSync(join(folder, `${name}.png`), pngs[i]),
      );
    }
    const [client, clientWithout, engine, engineWithout] = await Promise.all(pngs.map(pictureOf));
    const decision = decide({ client, clientWithout, engine, engineWithout });
    const wanted = expected(pair.caniemail);
    const entry: ConformanceEntry = {
      ...entryOf(pair),
      verdict: decision.verdict,
      agrees:
        decision.verdict === 'undecided' || wanted === null ? null : decision.verdict === wanted,
      engine_change: decision.engineChange,
      client_change: decision.clientChange,
      ...(decision.why ? { why: decision.why } : {}),
    };
    return entry;
  }
}

/** What an entry says of its pair before any picture is read. */
function entryOf({ test, feature, profile, caniemail }: ConformancePair) {
  return { test, feature, client: profile.code, family: profile.family, caniemail };
}

/** Agreement on decided entries: agreeing over decided, with the counts. */
export function agreement(entries: ConformanceEntry[]) {
  const decided = entries.filter((entry) => entry.agrees !== null);
  const agreeing = decided.filter((entry) => entry.agrees).length;
  return {
    rate: decided.length ? agreeing / decided.length : null,
    decided: decided.length,
    agreeing,
    undecided: entries.length - decided.length,
  };
}
