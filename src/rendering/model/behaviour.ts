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

/** A file of one family's behaviours (families/<family>/behaviours/<group>.json). */
export interface BehaviourGroup {
  about: string;
  behaviours: readonly Behaviour[];
}

/**
 * A family's behaviour files as imported (JSON: its strings are not yet the union types);
 * the catalogue checks every entry as it reads them (behaviour-catalogue.ts).
 */
export function behaviourGroups(
  ...files: { about: string; behaviours: object[] }[]
): BehaviourGroup[] {
  return files as BehaviourGroup[];
}
