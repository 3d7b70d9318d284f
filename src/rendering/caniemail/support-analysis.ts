import type { ClientProfile } from '../profile/client-profile';
import type { FeatureUse } from './feature-usage';
import { plainNote } from './client-features';
import { featureBySlug, supportOf } from './support-table';

/** A client of the set that lacks a feature (`n`) or has it in part (`a`), and why. */
export interface ClientLack {
  client: string;
  support: 'n' | 'a';
  /** caniemail's notes the value cites, as text. */
  notes: string[];
}

export interface FeatureSupport extends FeatureUse {
  source: string;
  lacking: ClientLack[];
}

export interface SupportAnalysis {
  clients: string[];
  features: FeatureSupport[];
  /**
   * Per client, what share of the features the email uses it supports (in part: a half;
   * unknown ones not counted), 0 to 1; overall, the clients' scores weighted by their share
   * of readers (equal unless the operator set CLIENT_SHARES). null where nothing is known.
   */
  score: { overall: number | null; clients: Record<string, number | null> };
}

const POINTS: Record<string, number> = { y: 1, a: 0.5, n: 0 };

/**
 * What the features an email uses (feature-usage.ts) meet in a set of clients, each at the
 * version its profile is (caniemail's test up to that version: support-table.ts). A profile
 * with no caniemail record scores null and lacks nothing it can be said to lack.
 */
export function supportAnalysis(
  uses: FeatureUse[],
  profiles: ClientProfile[],
  shares: Record<string, number> = {},
): SupportAnalysis {
  const points = new Map<string, number[]>(profiles.map((profile) => [profile.code, []]));
  const features = uses.map((use): FeatureSupport => {
    const feature = featureBySlug(use.slug)!;
    const lacking: ClientLack[] = [];
    for (const profile of profiles) {
      const value = profile.caniemail ? supportOf(feature, profile.caniemail)?.trim() : undefined;
      const support = value?.charAt(0);
      if (support === undefined || !(support in POINTS)) continue;
      points.get(profile.code)!.push(POINTS[support]);
      if (support === 'y') continue;
      const notes = [...value!.matchAll(/#(\d+)/g)]
        .map((match) => feature.notes_by_num?.[match[1]])
        .filter((note): note is string => note !== undefined)
        .map(plainNote);
      lacking.push({ client: profile.code, support: support as 'n' | 'a', notes });
    }
    return { ...use, source: `https://www.caniemail.com/features/${use.slug}/`, lacking };
  });
  const clients = Object.fromEntries(
    profiles.map((profile) => [profile.code, mean(points.get(profile.code)!)]),
  );
  return {
    clients: profiles.map((profile) => profile.code),
    features,
    score: { overall: weighted(clients, shares), clients },
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function mean(values: number[]): number | null {
  if (values.length === 0) return null;
  return round(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** Weighted by the shares given; unlisted clients weigh nothing, unless no client is listed. */
function weighted(scores: Record<string, number | null>, shares: Record<string, number>) {
  const listed = Object.keys(scores).some((client) => client in shares);
  let total = 0;
  let weight = 0;
  for (const [client, score] of Object.entries(scores)) {
    if (score === null) continue;
    const share = listed ? (shares[client] ?? 0) : 1;
    total += score * share;
    weight += share;
  }
  return weight > 0 ? round(total / weight) : null;
}
