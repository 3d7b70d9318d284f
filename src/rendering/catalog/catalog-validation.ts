import { supportEntry } from '../caniemail/support-table';
import type { ClientFamily } from '../model/client-family';
import { ENGINES } from '../engine/engine-registry';
import {
  CAPTURE_RULES,
  ClientProfile,
  COMPAT_BROWSERS,
  type CompatBrowser,
  DARK_STRATEGIES,
  GROUPS,
} from '../profile/client-profile';
import { IMAGES_OPTIONS, ORIENTATION_OPTIONS } from '../profile/options';

/** The catalogue names what the code does not know: the service must not start with it. */
export class CatalogueError extends Error {}

type Field = Record<string, unknown>;
const isObject = (value: unknown): value is Field =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isPositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
const quoted = (value: unknown) => JSON.stringify(value);

/** A list of words each one of `known`, none twice; `empty`: whether it may be empty. */
function listProblem(value: unknown, known: readonly string[], empty: boolean): string | null {
  if (!Array.isArray(value)) return `${quoted(value)} is not a list`;
  if (!empty && value.length === 0) return 'is empty';
  const unknown = value.find((item) => !known.includes(item as string));
  if (unknown !== undefined) return `${quoted(unknown)} is not one of ${known.join(', ')}`;
  if (new Set(value).size !== value.length) return 'names an entry twice';
  return null;
}

/** The caniemail column must exist: a mistyped one would silently switch the data off. */
function caniemailProblem(value: unknown): string | null {
  if (value === null) return null;
  if (!isObject(value) || !isText(value.family) || !isText(value.platform))
    return `${quoted(value)} is not null nor { family, platform, version? }`;
  if (value.version !== undefined && !isText(value.version))
    return `version ${quoted(value.version)} is not text`;
  const key = { family: value.family, platform: value.platform };
  if (supportEntry(key).length === 0)
    return `${value.family}/${value.platform} is not a column of caniemail's data`;
  return null;
}

/** Every problem of one profile, each naming the field and the bad value. */
function problemsOf(code: string, profile: unknown, families: ReadonlyMap<string, ClientFamily>) {
  if (!isObject(profile)) return ['is not an object'];
  const problems: string[] = [];
  const check = (field: string, problem: string | null) => {
    if (problem) problems.push(`${field} ${problem}`);
  };
  const oneOf = (field: string, known: readonly string[]) =>
    check(
      field,
      known.includes(profile[field] as string)
        ? null
        : `${quoted(profile[field])} is not one of ${known.join(', ')}`,
    );
  check('code', profile.code === code ? null : `${quoted(profile.code)} differs from its key`);
  for (const field of ['name', 'platform', 'status', 'emulation'])
    check(field, isText(profile[field]) ? null : `${quoted(profile[field])} is not text`);
  oneOf('group', GROUPS);
  oneOf('engine', ENGINES);
  oneOf('dark', DARK_STRATEGIES);
  check(
    'orientation_options',
    listProblem(profile.orientation_options, ORIENTATION_OPTIONS, false),
  );
  check('images_options', listProblem(profile.images_options, IMAGES_OPTIONS, false));
  const viewport = profile.viewport;
  const sized = isObject(viewport) && isPositive(viewport.width) && isPositive(viewport.height);
  check('viewport', sized ? null : `${quoted(viewport)} is not { width, height } in pixels`);
  check(
    'device_scale_factor',
    isPositive(profile.device_scale_factor)
      ? null
      : `${quoted(profile.device_scale_factor)} is not a positive number`,
  );
  check('caniemail', caniemailProblem(profile.caniemail));
  check('versions', versionsProblem(profile.versions));
  check('capture', listProblem(profile.capture, CAPTURE_RULES, true));
  const family = families.get(profile.family as string);
  if (!family) {
    check('family', `${quoted(profile.family)} is not one of ${[...families.keys()].join(', ')}`);
    return problems;
  }
  check('rules', listProblem(profile.rules, family.options ?? [], true));
  for (const field of family.requires ?? [])
    check(field, isPositive(profile[field]) ? null : `is required by the ${family.name} family`);
  return problems;
}

/**
 * The catalogue's profiles, checked against the code that runs them: a family the registry
 * does not hold, a rule that family does not know, a missing field or a caniemail column that
 * does not exist throws, naming each profile and value, so that the service does not start.
 */
export function validateProfiles(
  profiles: Record<string, unknown>,
  families: ReadonlyMap<string, ClientFamily>,
): Record<string, ClientProfile> {
  const problems = Object.entries(profiles).flatMap(([code, profile]) =>
    problemsOf(code, profile, families).map((problem) => `${code}: ${problem}`),
  );
  if (problems.length)
    throw new CatalogueError(`The client catalogue is not valid:\n${problems.join('\n')}`);
  return profiles as Record<string, ClientProfile>;
}

/** A profile's client and engine versions, and the browser release its engine is, if any. */
function versionsProblem(versions: unknown): string | null {
  if (!isObject(versions) || !isText(versions.client) || !isText(versions.engine))
    return `${quoted(versions)} is not { client, engine } as text`;
  const release = versions.release;
  if (release === undefined) return null;
  const named =
    isObject(release) &&
    COMPAT_BROWSERS.includes(release.browser as CompatBrowser) &&
    typeof release.version === 'string' &&
    /^\d+(\.\d+)*$/.test(release.version);
  return named
    ? null
    : `release ${quoted(release)} is not { browser: one of ${COMPAT_BROWSERS.join(', ')}, version: "N.N" }`;
}
