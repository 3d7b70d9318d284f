import { plainNote } from '../caniemail/client-features';
import { notesOnFullSupport, notesReadByFamily } from '../caniemail/family-read-notes';
import { familyOf } from '../families/lookup';
import type { ClientFeature } from '../caniemail/client-feature';
import { ALL_FEATURES } from '../caniemail/support-table';
import type { ClientProfile } from '../profile/client-profile';
import type { BehaviourStatus } from './behaviour-catalogue';
import type { ConformanceIndex, ConformanceResult } from './conformance/conformance-report';
import { explanationOf } from './conformance/disagreements';
import { NoteProbe, NoteProbeIndex, noteProbeIndex } from './conformance/note-probe-report';

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
  /**
   * The render that shows an applied note (`npm run conformance:notes`): an email drawn in
   * the first profile of the family applying it, with the note's rule and without; `change`
   * counts the pixels the rule changes.
   */
  probe?: { email: string | null; client: string; change: number | null };
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
  probes: NoteProbeIndex = noteProbeIndex,
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
        ...provenByProbe(proven, probes.of(profile.family, slug, note.number)),
      })),
      ...entry.notEmulated.map((note) => ({
        ...base,
        handling: `note #${note.number} not emulated`,
        note: plainNote(note.text),
        ...proven,
        status: 'not-emulated' as const,
        reason: entry.unsupported
          ? 'the feature is removed whole; how this note says the client drops it is not reproduced'
          : 'the service does not reproduce this note (its text above)',
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
  // Notes on full support: the feature is drawn as supported, the note's limit is not.
  const onFullSupport = notesOnFullSupport(profile, familyOf(profile)).map((note) => ({
    feature: note.slug,
    title: note.title,
    source: `caniemail ${note.slug}`,
    handling: `note #${note.number} not emulated`,
    note: note.text,
    ...provenBy(profile, note.slug, rendered.get(note.slug)),
    status: 'not-emulated' as const,
    reason: 'caniemail records full support (y) with this note: the feature is drawn as supported',
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
  return [...entries, ...read, ...onFullSupport, ...kept];
}

/**
 * An applied note is emulated when a probe render shows its rule changing the picture and
 * the feature's own render does not disagree with caniemail; without a probe that shows it,
 * nothing proves the note, whatever the feature's render says.
 */
function provenByProbe(
  proven: ReturnType<typeof provenBy>,
  probe: NoteProbe | undefined,
): Pick<RecordedFeature, 'status' | 'conformance' | 'reason' | 'probe'> {
  if (!probe)
    return proven.status === 'not-emulated' || proven.status === 'cannot-emulate'
      ? proven
      : {
          ...proven,
          status: 'undecided',
          reason: 'the committed note probes have no render of this note',
        };
  const shown = { email: probe.email, client: probe.client, change: probe.change };
  // The feature's own render disagreeing with caniemail says more than any probe.
  if (proven.status === 'not-emulated' || proven.status === 'cannot-emulate')
    return { ...proven, probe: shown };
  if (!probe.shown)
    return {
      ...proven,
      probe: shown,
      status: 'undecided',
      reason: probe.email
        ? `no render shows this note: its rule changes nothing in ${probe.email} drawn in ${probe.client}`
        : (probe.why ?? 'no email probes this note'),
    };
  const { reason: _reason, ...rest } = proven;
  return { ...rest, probe: shown, status: 'emulated' };
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
