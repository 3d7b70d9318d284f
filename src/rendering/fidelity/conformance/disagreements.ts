import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientProfile } from '../../profile/client-profile';

/**
 * A known disagreement between a client's render and caniemail's value, with its cause:
 * `cannot-emulate` (no engine here can draw it as the client does), `caniemail-contradicts`
 * (its own data or notes say otherwise), `engine-limitation` (the engine standing in lacks it),
 * `oracle-limitation` (the render draws it, as seen in its pictures, and the oracle's count of
 * changed pixels does not: a dotted underline under the noise threshold), `unstable-render`
 * (two draws of the same document differed, so the pair's pictures decide nothing).
 */
export interface Disagreement {
  feature: string;
  family?: string;
  clients?: string[];
  cause: Cause;
  reason: string;
}

const CAUSE_LIST = [
  'cannot-emulate',
  'caniemail-contradicts',
  'engine-limitation',
  'oracle-limitation',
  'unstable-render',
] as const;
type Cause = (typeof CAUSE_LIST)[number];
const CAUSES = new Set<string>(CAUSE_LIST);

function read(file: string): Disagreement[] {
  const list = JSON.parse(readFileSync(file, 'utf8')) as { disagreements: Disagreement[] };
  for (const entry of list.disagreements)
    if (
      !entry.feature ||
      !entry.reason ||
      !CAUSES.has(entry.cause) ||
      !(entry.family || entry.clients)
    )
      throw new Error(
        `${file}: a disagreement needs feature, family or clients, cause, reason: ${JSON.stringify(entry)}`,
      );
  return list.disagreements;
}

export const DISAGREEMENTS = read(join(__dirname, 'known-disagreements.json'));

/** Why a client's render of a feature disagrees with caniemail, when that is known. */
export function explanationOf(
  profile: ClientProfile,
  feature: string,
): { status: 'cannot-emulate' | 'not-emulated' | 'undecided'; reason: string } | undefined {
  const known = knownDisagreement(profile.code, profile.family, feature);
  if (!known) return undefined;
  return { status: STATUS_OF[known.cause], reason: `${known.cause}: ${known.reason}` };
}

/** What a cause makes of the record's entry: the render may be right where the oracle is not. */
const STATUS_OF: Record<Cause, 'cannot-emulate' | 'not-emulated' | 'undecided'> = {
  'cannot-emulate': 'cannot-emulate',
  'caniemail-contradicts': 'not-emulated',
  'engine-limitation': 'not-emulated',
  'oracle-limitation': 'undecided',
  'unstable-render': 'undecided',
};

/** The listed disagreement that covers a client (by its code, or its family) and feature. */
export function knownDisagreement(
  client: string,
  family: string,
  feature: string,
): Disagreement | undefined {
  return DISAGREEMENTS.find(
    (entry) =>
      entry.feature === feature &&
      (entry.clients ? entry.clients.includes(client) : entry.family === family),
  );
}
