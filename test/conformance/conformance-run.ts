import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { mapWithConcurrency } from '../../src/base/system/map-with-concurrency';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import type { Renderer } from '../../src/rendering/render';
import { ConformancePair, TESTS_FOLDER } from './conformance-pairs';
import type { ConformanceResult } from '../../src/rendering/fidelity/conformance/conformance-report';
import type { EmailContent } from '../../src/rendering/model/email-content';
import { Comparisons, Drawn } from './comparisons';
import { standInImages } from './stand-in-images';
import { hiddenBecause } from './drawn-through';
import { takingOutChanges } from './feature-presence';
import { decideChanges, expectedOf, NOISE_PIXELS } from './oracle';

export const OPTIONS = { images: 'allowed', orientation: 'vertical' } as const;

/** Why a pair whose test holds nothing of its feature is undecided. */
export const ABSENT =
  'taking the feature out changes nothing in the test as the engine alone is given it: the test holds none of it, or none that can be taken out';

/** Why a pair whose client picture is cut, and the same without the feature, is undecided. */
export const CUT =
  "the client's picture is cut at the height limit, and what the feature draws may lie below it";

/** One decided (or undecided) pair, as the report keeps it. */
export type ConformanceEntry = ConformanceResult;

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

/** The four renders of a pair (oracle.ts): the client, without the feature, the engine alone. */
function fourProfiles(profile: ClientProfile, feature: string): ClientProfile[] {
  return [
    profile,
    withoutFeature(profile, feature),
    engineAlone(profile),
    engineAlone(profile, feature),
  ];
}

/**
 * Pairs' inputs (ConformanceResult.inputs), prepared and not drawn. A test's render of one
 * profile is one input of many pairs (the client's own for each feature, the engine's for
 * each profile on its device), so each profile's key is prepared once per test.
 */
export class PairInputs {
  private readonly keys = new Map<string, Promise<string>>();

  constructor(private readonly renderer: Renderer) {}

  async of({
    test,
    feature,
    profile,
  }: Pick<ConformancePair, 'test' | 'feature' | 'profile'>): Promise<string> {
    const hash = createHash('sha256');
    for (const each of fourProfiles(profile, feature)) hash.update(await this.key(test, each));
    return hash.digest('hex').slice(0, 12);
  }

  private key(test: string, profile: ClientProfile): Promise<string> {
    const name = `${test}|${profile.code}`;
    let key = this.keys.get(name);
    if (!key) {
      key = conformanceEmail(test).then((email) =>
        this.renderer.pixelKey(email, profile, OPTIONS, `conformance:${test}`),
      );
      this.keys.set(name, key);
    }
    return key;
  }
}

const emails = new Map<string, Promise<EmailContent>>();

/** A caniemail test as an email: its HTML, and stand-ins for the images it loads from the web. */
export function conformanceEmail(test: string, folder = TESTS_FOLDER): Promise<EmailContent> {
  const file = join(folder, test);
  let email = emails.get(file);
  if (!email) {
    const html = readFileSync(file, 'utf8');
    email = standInImages(html).then((images) => ({ html, text: null, images }));
    emails.set(file, email);
  }
  return email;
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
    /** Entries drawn before (a resumed run's): a pair with the same inputs is not drawn again. */
    known?: ConformanceEntry[];
    /** Told after each pair, with its entry. */
    progress?: (done: number, total: number, entry: ConformanceEntry) => void;
  } = {},
): Promise<RunOutcome> {
  let renders = 0;
  let asked = 0;
  const draw = async (test: string, profile: ClientProfile): Promise<Drawn> => {
    asked++;
    const result = await renderer.render(
      await conformanceEmail(test),
      profile,
      OPTIONS,
      `conformance:${test}`,
    );
    if (!result.shared) renders++;
    return { png: result.full, digest: result.digest, cut: result.truncated };
  };
  const comparisons = new Comparisons();
  const byInputs = new Map<string, Promise<ConformanceEntry>>(
    (options.known ?? [])
      // Only what was drawn: an undecided entry that read no picture (the test cannot show
      // the feature there, or a render failed) tells nothing of another pair's pictures.
      .filter((entry) => entry.verdict !== 'undecided' || entry.engine_change !== null)
      .map((entry) => [entry.inputs, Promise.resolve(entry)]),
  );
  const pairInputs = new PairInputs(renderer);
  const drawBoth = (test: string, [one, other]: ClientProfile[]) =>
    Promise.all([draw(test, one), draw(test, other)]);
  let done = 0;
  const entries = await mapWithConcurrency(pairs, options.concurrency ?? 4, async (pair) => {
    const entry = await decidePair(pair);
    options.progress?.(++done, pairs.length, entry);
    return entry;
  });
  return { entries, renders, asked };

  async function decidePair(pair: ConformancePair): Promise<ConformanceEntry> {
    const { test, feature, profile } = pair;
    const head = {
      ...entryOf(pair),
      expected: expectedOf(profile, feature, pair.caniemail, test),
      inputs: await pairInputs.of(pair),
    };
    const undecided = (why: string): ConformanceEntry => ({
      ...head,
      verdict: 'undecided',
      agrees: null,
      engine_change: null,
      client_change: 0,
      why,
    });
    const hidden = hiddenBecause(profile, feature, test);
    if (hidden) return undecided(hidden);
    const [, , engine, engineWithout] = fourProfiles(profile, feature);
    if (!takingOutChanges(test, feature, await conformanceEmail(test), engine, engineWithout))
      return undecided(ABSENT);
    // Inputs already drawn (in this run, or in the entries it was given): the same pictures.
    const prior = byInputs.get(head.inputs);
    if (prior) {
      const drawnFor = await prior;
      const source = drawnFor.same_as ?? drawnFor.client;
      if (drawnFor.test === test && !drawnFor.why?.startsWith('a render failed'))
        return {
          ...head,
          verdict: drawnFor.verdict,
          agrees: agreesOf(drawnFor.verdict, head.expected),
          engine_change: drawnFor.engine_change,
          client_change: drawnFor.client_change,
          ...(drawnFor.why ? { why: drawnFor.why } : {}),
          // A known entry of this very pair (a run after a fix) was drawn for it.
          ...(source !== profile.code ? { same_as: source } : {}),
        };
    }
    const decided = drawAndDecide(pair, head, undecided);
    byInputs.set(head.inputs, decided);
    return decided;
  }

  async function drawAndDecide(
    { test, feature, profile }: ConformancePair,
    head: Omit<ConformanceEntry, 'verdict' | 'agrees' | 'engine_change' | 'client_change'>,
    undecided: (why: string) => ConformanceEntry,
  ): Promise<ConformanceEntry> {
    const [clientProfiles, engineProfiles] = [
      fourProfiles(profile, feature).slice(0, 2),
      fourProfiles(profile, feature).slice(2),
    ];
    // The engine's two pictures only when the client's are the same (oracle.ts decide).
    const drawn = await drawBoth(test, clientProfiles)
      .then(async (clients) => {
        const clientChange = await comparisons.changed(clients[0], clients[1]);
        if (clientChange >= NOISE_PIXELS) return { clients, clientChange, engines: [] };
        return { clients, clientChange, engines: await drawBoth(test, engineProfiles) };
      })
      .catch((error: Error) => error);
    if (drawn instanceof Error) return undecided(`a render failed: ${drawn.message}`);
    const { clients, clientChange, engines } = drawn;
    // Below the cut the client's picture shows nothing: the feature may be drawn there.
    if (clientChange < NOISE_PIXELS && clients.some((picture) => picture.cut))
      return { ...undecided(CUT), client_change: clientChange };
    if (options.pictures) {
      const folder = join(options.pictures, test.replace(/\.html$/, ''), profile.code);
      mkdirSync(folder, { recursive: true });
      ['client', `client-without-${feature}`, 'engine', `engine-without-${feature}`].forEach(
        (name, i) => {
          const picture = [...clients, ...engines][i];
          if (picture) writeFileSync(join(folder, `${name}.png`), picture.png);
        },
      );
    }
    const decision = decideChanges(
      engines.length ? await comparisons.changed(engines[0], engines[1]) : null,
      clientChange,
    );
    return {
      ...head,
      verdict: decision.verdict,
      agrees: agreesOf(decision.verdict, head.expected),
      engine_change: decision.engineChange,
      client_change: decision.clientChange,
      ...(decision.why ? { why: decision.why } : {}),
    };
  }
}

/** What an entry says of its pair before any picture is read. */
function entryOf({ test, feature, profile, caniemail }: ConformancePair) {
  return { test, feature, client: profile.code, family: profile.family, caniemail };
}

/** Whether a verdict agrees with what caniemail expects; null when either says nothing. */
function agreesOf(verdict: ConformanceEntry['verdict'], wanted: ConformanceEntry['expected']) {
  return verdict === 'undecided' || wanted === null ? null : verdict === wanted;
}

/**
 * Entries read again: caniemail's value (expectedOf), the verdict from the entry's own counts
 * of changed pixels (decideChanges), and agreement; nothing is drawn again. For a reading of
 * caniemail or a rule of the oracle that changed. A profile no longer in the catalogue is
 * dropped; an entry whose renders failed stays undecided.
 */
export function reread(entries: ConformanceEntry[]): ConformanceEntry[] {
  return entries.flatMap((entry): ConformanceEntry[] => {
    const profile = clientCatalog.find(entry.client);
    if (!profile) return [];
    const expected = expectedOf(profile, entry.feature, entry.caniemail, entry.test);
    const hidden = hiddenBecause(profile, entry.feature, entry.test);
    if (hidden) return [{ ...entry, expected, verdict: 'undecided', agrees: null, why: hidden }];
    // Nothing drawn, or nothing the engine's pictures could tell (a render failed, the test
    // holds none of the feature, the client's picture is cut): it stays undecided.
    if (entry.verdict === 'undecided' && entry.engine_change === null)
      return [{ ...entry, expected, agrees: null }];
    const { why: _why, ...rest } = entry;
    const decision = decideChanges(entry.engine_change, entry.client_change);
    return [
      {
        ...rest,
        expected,
        verdict: decision.verdict,
        agrees: agreesOf(decision.verdict, expected),
        ...(decision.why ? { why: decision.why } : {}),
      },
    ];
  });
}
