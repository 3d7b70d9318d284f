import type { ClientProfile } from '../profile/client-profile';
import { CLIENT_FAMILIES } from '../families/lookup';
import { BEHAVIOUR_STATUSES, type Behaviour, type BehaviourGroup } from '../model/behaviour';

export { BEHAVIOUR_STATUSES };
export type { AppliesTo, Behaviour, BehaviourStatus } from '../model/behaviour';

/**
 * Every family's behaviours (ClientFamily.behaviours: the files of its folder's behaviours/,
 * each a group), in the registry's order. Checked as they are read: a bad entry stops the
 * service at start, named.
 */
function readCatalogue(): Behaviour[] {
  const entries = [...CLIENT_FAMILIES.values()].flatMap((family) =>
    (family.behaviours ?? []).flatMap((group: BehaviourGroup) =>
      group.behaviours.map((entry) => checked(entry, `${family.name} (${group.about})`)),
    ),
  );
  const ids = new Set<string>();
  for (const { id } of entries) {
    if (ids.has(id)) throw new Error(`fidelity behaviour ${id} is listed twice`);
    ids.add(id);
  }
  return entries;
}

function checked(entry: Behaviour, file: string): Behaviour {
  const where = `fidelity behaviour ${entry.id ?? '(no id)'} in ${file}`;
  if (!entry.id || !entry.behaviour || !entry.source)
    throw new Error(`${where}: id, behaviour and source are required`);
  if (!BEHAVIOUR_STATUSES.includes(entry.status))
    throw new Error(`${where}: unknown status ${entry.status}`);
  if (entry.status === 'emulated' && !entry.proof)
    throw new Error(`${where}: emulated, with no proof named`);
  if ((entry.status === 'not-emulated' || entry.status === 'cannot-emulate') && !entry.reason)
    throw new Error(`${where}: ${entry.status} says no reason`);
  return entry;
}

export const BEHAVIOURS: readonly Behaviour[] = readCatalogue();

export function behaviourById(id: string): Behaviour | undefined {
  return BEHAVIOURS.find((entry) => entry.id === id);
}

/** Whether a behaviour holds for a profile. */
export function appliesTo({ applies_to: to }: Behaviour, profile: ClientProfile): boolean {
  if (to.clients) return to.clients.includes(profile.code);
  if (to.family && profile.family !== to.family) return false;
  if (to.platform && profile.caniemail?.platform !== to.platform) return false;
  if (to.rules && !to.rules.every((rule) => profile.rules.includes(rule))) return false;
  if (to.dark !== undefined && (profile.dark !== 'none') !== to.dark) return false;
  if (to.before && !isBefore(profile.caniemail?.version, to.before)) return false;
  return true;
}

/** Whether a dotted version is below another (`15.0` < `17`); no version is the latest. */
function isBefore(version: string | undefined, limit: string): boolean {
  if (!version) return false;
  const [a, b] = [version, limit].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}
