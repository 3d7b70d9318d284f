import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientProfile } from '../profile/client-profile';

/**
 * How far a documented behaviour is reproduced (docs/fidelity.md#the-fidelity-record):
 * `emulated`, proven by a render (a behaviour's probe, under its id in its `proof` file; a
 * caniemail entry's conformance render); `not-emulated`, known and not reproduced;
 * `cannot-emulate`, out of reach of any engine here; `undecided`, no render here shows it
 * either way. Short of `emulated`, a `reason` says why.
 */
export const BEHAVIOUR_STATUSES = [
  'emulated',
  'not-emulated',
  'cannot-emulate',
  'undecided',
] as const;
export type BehaviourStatus = (typeof BEHAVIOUR_STATUSES)[number];

/** Which profiles a behaviour holds for: the listed clients, or every profile that matches. */
export interface AppliesTo {
  clients?: string[];
  family?: string;
  /** caniemail's platform of the profile (`ios`, `macos`, `windows`, ...). */
  platform?: string;
  /** Variants (`rules`) the profile must have. */
  rules?: string[];
  /** true: dark profiles only; false: light ones only; absent: both. */
  dark?: boolean;
  /** Client versions below this one only (the profile's caniemail version; none: the latest). */
  before?: string;
}

/** One documented client behaviour, with its public source and how far it is reproduced. */
export interface Behaviour {
  id: string;
  behaviour: string;
  source: string;
  status: BehaviourStatus;
  applies_to: AppliesTo;
  /** The test file whose probe, under this id, proves an `emulated` behaviour. */
  proof?: string;
  /** Why a behaviour is not, or cannot be, emulated. */
  reason?: string;
}

const FOLDER = join(__dirname, 'behaviours');

/**
 * Every file of behaviours/, each a group's behaviours (a new group is a new file: nothing
 * here names them, as a family registers itself). Checked as it is read: a bad entry stops
 * the service at start, named.
 */
function readCatalogue(folder: string): Behaviour[] {
  const entries = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const file = JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
        behaviours: Behaviour[];
      };
      return file.behaviours.map((entry) => checked(entry, name));
    });
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

export const BEHAVIOURS: readonly Behaviour[] = readCatalogue(FOLDER);

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
