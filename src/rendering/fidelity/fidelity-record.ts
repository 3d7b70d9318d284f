import { NoteProbeIndex, noteProbeIndex } from './conformance/note-probe-report';
import { clientFeatures } from '../caniemail/client-features';
import { familyOf } from '../families/lookup';
import { fontsOf, type DefaultFont } from '../fonts/client-fonts';
import type { CaniemailKey, ClientProfile, ClientVersions } from '../profile/client-profile';
import { releaseName } from '../caniemail/engine-releases';
import { caniemailEntries, type RecordedFeature } from './caniemail-entries';
import {
  agreementOf,
  type Agreement,
  ConformanceIndex,
  conformanceIndex,
} from './conformance/conformance-report';
import {
  appliesTo,
  BEHAVIOURS,
  BEHAVIOUR_STATUSES,
  type BehaviourStatus,
} from './behaviour-catalogue';

export interface RecordedBehaviour {
  id: string;
  behaviour: string;
  source: string;
  status: BehaviourStatus;
  /** For an emulated behaviour: the test file holding its probe, under its id. */
  proof?: string;
  reason?: string;
}

/** What the engine that draws the client's pictures here is. */
export interface EngineFacts {
  name: string;
  version: string;
  /** Set when Chromium draws in place of the client's own engine: why. */
  instead_of?: { engine: string; reason: string };
}

/**
 * How far a preview of one client can be trusted (docs/fidelity.md#the-fidelity-record): the
 * documented behaviours that hold for it, each with its source and status, what caniemail
 * records of it and how each entry is carried out, the engine that draws it, and the fonts
 * that stand in for the client's.
 */
export interface FidelityRecord {
  client: string;
  name: string;
  family: string;
  engine: EngineFacts;
  client_engine: string;
  caniemail: CaniemailKey | null;
  /** The client's version and its engine's, as the profile names them. */
  versions: ClientVersions;
  /**
   * Where the engine is frozen with the client: the browser release it is, and the features
   * that release lacked that are removed where caniemail has no test at the profile's version.
   */
  engine_release: { release: string; source: string; removed: string[] } | null;
  fonts: {
    default: DefaultFont;
    stand_ins: { name: string; drawn_with: string; is: string }[];
  };
  behaviours: RecordedBehaviour[];
  caniemail_features: RecordedFeature[];
  /**
   * How many of the behaviours and caniemail entries have each status, and how often the
   * conformance suite's renders of this client agree with caniemail (decided entries only).
   */
  summary: Record<BehaviourStatus, number> & { agreement: Agreement };
}

export function fidelityRecord(
  profile: ClientProfile,
  engine: EngineFacts,
  conformance: ConformanceIndex = conformanceIndex,
  probes: NoteProbeIndex = noteProbeIndex,
): FidelityRecord {
  const family = familyOf(profile);
  const behaviours: RecordedBehaviour[] = BEHAVIOURS.filter((entry) =>
    appliesTo(entry, profile),
  ).map(({ id, behaviour, source, status, proof, reason }) => ({
    id,
    behaviour,
    source,
    status,
    ...(proof ? { proof } : {}),
    ...(reason ? { reason } : {}),
  }));
  const features = clientFeatures(profile, family);
  const caniemail_features = caniemailEntries(profile, features, conformance, probes);
  const summary = Object.fromEntries(BEHAVIOUR_STATUSES.map((status) => [status, 0])) as Record<
    BehaviourStatus,
    number
  >;
  for (const { status } of [...behaviours, ...caniemail_features]) summary[status] += 1;
  return {
    client: profile.code,
    name: profile.name,
    family: profile.family,
    engine,
    client_engine: profile.engine,
    caniemail: profile.caniemail ?? null,
    versions: profile.versions,
    engine_release: profile.versions.release
      ? {
          release: releaseName(profile.versions.release),
          source: '@mdn/browser-compat-data',
          removed: features.filter((entry) => entry.source).map((entry) => entry.feature.title),
        }
      : null,
    fonts: {
      default: family.defaultFont,
      stand_ins: fontsOf(family.fonts, profile)
        .filter((font) => font.is !== 'the font')
        .map((font) => ({ name: font.name, drawn_with: font.drawnWith.family, is: font.is })),
    },
    behaviours,
    caniemail_features,
    summary: { ...summary, agreement: agreementOf([...conformance.of(profile.code).values()]) },
  };
}
