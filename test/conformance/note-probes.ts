import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { clientFeatures } from '../../src/rendering/caniemail/client-features';
import { familyOf } from '../../src/rendering/families/lookup';
import type { NoteProbe } from '../../src/rendering/fidelity/conformance/note-probe-report';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import type { Renderer } from '../../src/rendering/render';
import { mapWithConcurrency } from '../../src/base/system/map-with-concurrency';
import { Comparisons } from './comparisons';
import { TESTS_FOLDER } from './conformance-pairs';
import { conformanceEmail, OPTIONS } from './conformance-run';
import { NOISE_PIXELS } from './oracle';

/**
 * Emails written to show one note where caniemail's test of the feature does not:
 * `<feature>-<number>.html`, found by name (a new probe needs no code).
 */
export const PROBES_FOLDER = join(__dirname, 'note-probes');

/** One applied note of one family, and the profile and email that probe it. */
export interface NoteProbeCase {
  family: string;
  feature: string;
  number: string;
  text: string;
  profile: ClientProfile;
  /** The probe email's file and folder; undefined: no email shows the note. */
  email?: { file: string; folder: string };
}

/**
 * Every caniemail note a family applies as a rule (partial-notes.ts), once per family: the
 * first profile in the catalogue that applies it, and the email that shows it: a probe of
 * its own where one is written, else caniemail's test of the feature.
 */
export function noteProbeCases(): NoteProbeCase[] {
  const cases = new Map<string, NoteProbeCase>();
  for (const profile of clientCatalog.all()) {
    for (const entry of clientFeatures(profile, familyOf(profile))) {
      if (entry.source) continue;
      for (const note of entry.notes) {
        const key = `${profile.family}|${entry.feature.slug} #${note.number}`;
        if (cases.has(key)) continue;
        cases.set(key, {
          family: profile.family,
          feature: entry.feature.slug,
          number: note.number,
          text: note.text,
          profile,
          email: probeEmail(entry.feature.slug, note.number, entry.feature.test_url),
        });
      }
    }
  }
  return [...cases.values()];
}

/** Pseudo-classes of an interaction: no screenshot is taken in that state. */
const INTERACTION =
  /^css-pseudo-class-(hover|active|focus|focus-visible|focus-within|visited|target)$/;

function probeEmail(slug: string, number: string, testUrl?: string) {
  if (INTERACTION.test(slug)) return undefined;
  const own = `${slug}-${number}.html`;
  if (existsSync(join(PROBES_FOLDER, own))) return { file: own, folder: PROBES_FOLDER };
  const test = testUrl && basename(testUrl);
  if (test && existsSync(join(TESTS_FOLDER, test))) return { file: test, folder: TESTS_FOLDER };
  return undefined;
}

/** The profile with one note's rule not applied: what the client would draw without it. */
export function withNoteOff(profile: ClientProfile, feature: string, number: string) {
  const note = `${feature} #${number}`;
  return { ...profile, code: `${profile.code}~note-off~${note}`, notesOff: [note] };
}

/**
 * Each case drawn twice, with the note's rule and without it: the note is shown when the two
 * pictures differ by more than noise (the oracle's threshold). `inputs` hashes the two
 * renders' pixel keys, so a committed probe whose inputs the code still prepares stands.
 */
export async function runNoteProbes(
  renderer: Renderer,
  cases: NoteProbeCase[],
  progress?: (done: number, total: number) => void,
): Promise<NoteProbe[]> {
  const comparisons = new Comparisons();
  let done = 0;
  return mapWithConcurrency(cases, 4, async (probe) => {
    const result = await drawProbe(renderer, comparisons, probe);
    progress?.(++done, cases.length);
    return result;
  });
}

async function drawProbe(
  renderer: Renderer,
  comparisons: Comparisons,
  probe: NoteProbeCase,
): Promise<NoteProbe> {
  const head = {
    family: probe.family,
    feature: probe.feature,
    note: probe.number,
    text: probe.text,
    client: probe.profile.code,
  };
  if (!probe.email)
    return {
      ...head,
      email: null,
      change: null,
      shown: false,
      inputs: '',
      why: INTERACTION.test(probe.feature)
        ? 'an interaction state, which no screenshot is taken in'
        : 'no email probes this note',
    };
  const email = await conformanceEmail(probe.email.file, probe.email.folder);
  const key = `note-probe:${probe.email.file}`;
  const [on, off] = await Promise.all(
    [probe.profile, withNoteOff(probe.profile, probe.feature, probe.number)].map((profile) =>
      renderer.render(email, profile, OPTIONS, key),
    ),
  );
  const change = await comparisons.changed(
    { png: on.full, digest: on.digest },
    { png: off.full, digest: off.digest },
  );
  return {
    ...head,
    email: probe.email.file,
    change,
    shown: change >= NOISE_PIXELS,
    inputs: await probeInputs(renderer, probe),
  };
}

/** The first 12 hex of a SHA-256 over the two renders' pixel keys (Renderer.pixelKey). */
export async function probeInputs(renderer: Renderer, probe: NoteProbeCase): Promise<string> {
  if (!probe.email) return '';
  const email = await conformanceEmail(probe.email.file, probe.email.folder);
  const hash = createHash('sha256');
  for (const profile of [probe.profile, withNoteOff(probe.profile, probe.feature, probe.number)])
    hash.update(await renderer.pixelKey(email, profile, OPTIONS, `note-probe:${probe.email.file}`));
  return hash.digest('hex').slice(0, 12);
}
