import { plainNote } from '../caniemail/client-features';
import { notesReadByFamily } from '../caniemail/family-read-notes';
import { familyOf } from '../families/lookup';
import type { ClientFeature } from '../caniemail/client-feature';
import { ALL_FEATURES } from '../caniemail/support-table';
import type { ClientProfile } from '../profile/client-profile';
import type { BehaviourStatus } from './behaviour-catalogue';
import type { ConformanceIndex, ConformanceResult } from './conformance/conformance-report';
import { explanationOf } from './conformance/disagreements';

/** One caniemail entry of a client, as its fidelity record shows it. */
export interface RecordedFeature {
  feature: string;
  title: string;
  source: string;
  status: BehaviourStatus;
  /**
   * What the service does with it: `removed`, `note #N applied`, `note #N not emulated`,
   * `note #N done by the family's own stages`, `note #N makes it unsupported for this
   * profile`, or `kept` (caniemail records support and the engine draws it as it is).
   */
  handling: string;
  note?: string;
  /** The render that proves it, or that shows where it falls short: the suite's entry. */
  conformance?: {
    test: string;
    caniemail: string;
    /** What caniemail's value expects here (ConformanceResult.expected). */
    expected: ConformanceResult['expected'];
    result: ConformanceResult['verdict'];
    agrees: boolean | null;
    /** The client the same pictures were drawn for (this one prepares the test identically). */
    drawn_for?: string;
  };
  /** Why an entry is not `emulated`. */
  reason?: string;
}

/**
 * Every caniemail entry the service acts on for this client (a removal, a note applied or
 * not), and every one the conformance suite rendered for it, each proven by that render or
 * saying why not (docs/fidelity.md#the-fidelity-record).
 */
export function caniemailEntries(
  profile: ClientProfile,
  features: ClientFeature[],
  conformance: ConformanceIndex,
): RecordedFeature[] {
  const rendered = conformance.of(profile.code);
  const handled = features.filter((entry) => !entry.source);
  const handledSlugs = new Set(handled.map((entry) => entry.feature.slug));
  const entries = handled.flatMap((entry) => {
    const slug = entry.feature.slug;
    const base = { feature: slug, title: entry.feature.title, source: `caniemail ${slug}` };
    const proven = provenBy(profile, slug, rendered.get(slug));
    return [
      ...(entry.unsupported ? [{ ...base, handling: 'removed', ...proven }] : []),
      ...entry.notes.map((note) => ({
        ...base,
        handling: `note #${note.number} applied`,
        note: plainNote(note.text),
        ...proven,
      })),
      ...entry.notEmulated.map((note) => ({
        ...base,
        handling: `note #${note.number} not emulated`,
        note: plainNote(note.text),
        ...proven,
        status: 'not-emulated' as const,
        reason: 'the service does not reproduce this note (its text above)',
      })),
    ];
  });
  // Notes the family reads itself: listed with their text, proven like the rest.
  const read = notesReadByFamily(profile, familyOf(profile)).map((note) => ({
    feature: note.slug,
    title: note.title,
    source: `caniemail ${note.slug}`,
    handling:
      note.reading === 'handled'
        ? `note #${note.number} done by the family's own stages`
        : `note #${note.number} makes it unsupported for this profile`,
    note: note.text,
    ...provenBy(profile, note.slug, rendered.get(note.slug)),
  }));
  const readSlugs = new Set(read.map((entry) => entry.feature));
  const kept = [...rendered.values()]
    .filter((result) => !handledSlugs.has(result.feature) && !readSlugs.has(result.feature))
    .map((result) => {
      const feature = ALL_FEATURES.find((candidate) => candidate.slug === result.feature);
      return {
        feature: result.feature,
        title: feature?.title ?? result.feature,
        source: `caniemail ${result.feature}`,
        handling: 'kept',
        ...provenBy(profile, result.feature, result),
      };
    });
  return [...entries, ...read, ...kept];
}

/** The status an entry's render gives it, with the render and, short of `emulated`, why. */
function provenBy(
  profile: ClientProfile,
  slug: string,
  result: ConformanceResult | undefined,
): Pick<RecordedFeature, 'status' | 'conformance' | 'reason'> {
  if (!result) {
    const feature = ALL_FEATURES.find((candidate) => candidate.slug === slug);
    return {
      status: 'undecided',
      reason: feature?.test_url
        ? 'the committed conformance report has no render of this client for it'
        : 'caniemail publishes no test email for this feature, so no render here proves it',
    };
  }
  const conformance = {
    test: result.test,
    caniemail: result.caniemail,
    expected: result.expected,
    result: result.verdict,
    agrees: result.agrees,
    ...(result.same_as ? { drawn_for: result.same_as } : {}),
  };
  if (result.agrees) return { status: 'emulated', conformance };
  if (result.agrees === null)
    return {
      status: 'undecided',
      conformance,
      reason:
        result.why ??
        `caniemail records "${result.caniemail}" here: no result to compare the render with`,
    };
  const explained = explanationOf(profile, slug);
  return {
    status: explained?.status ?? 'not-emulated',
    conformance,
    reason:
      explained?.reason ??
      `the render shows it ${result.verdict} where caniemail records "${result.caniemail}" (${result.expected})`,
  };
}
