import type { ClientFamily, NoteReading } from '../model/client-family';
import type { ClientProfile } from '../profile/client-profile';
import { plainNote } from './client-features';
import { supportEntry } from './support-table';

/** A caniemail note the profile's family reads itself (CaniemailReading.readNote). */
export interface FamilyReadNote {
  slug: string;
  title: string;
  number: string;
  text: string;
  reading: NoteReading;
}

/**
 * The notes of the profile's caniemail entries that its family reads itself rather than as
 * caniemail's rules: `handled` (its own stages do what the note says) or `unsupported` (the
 * note makes the feature unsupported for this very profile). The caniemail stage neither
 * applies nor reports them; the fidelity record lists them, with their text.
 */
export function notesReadByFamily(profile: ClientProfile, family: ClientFamily): FamilyReadNote[] {
  const reading = family.caniemail;
  if (!profile.caniemail || !reading?.readNote) return [];
  return supportEntry(profile.caniemail).flatMap(({ feature, support, noteNumbers }) => {
    if (!'yna'.includes(support) || reading.supersedes?.includes(feature.slug)) return [];
    return noteNumbers.flatMap((number) => {
      const text = feature.notes_by_num?.[number];
      const read = text && reading.readNote!(text, profile);
      if (!text || !read) return [];
      const note = { slug: feature.slug, title: feature.title, number, text: plainNote(text) };
      return [{ ...note, reading: read }];
    });
  });
}

/** A note caniemail gives with a full-support value (`y #1`), which the family does not read. */
export interface FullSupportNote {
  slug: string;
  title: string;
  number: string;
  text: string;
}

/**
 * Notes of the profile's `y` values that its family does not read itself: the service draws
 * the feature as supported, as the value says, whatever the note adds (a prefix it needs,
 * "depends on browser support", or a limit caniemail's own value contradicts).
 */
export function notesOnFullSupport(
  profile: ClientProfile,
  family: ClientFamily,
): FullSupportNote[] {
  if (!profile.caniemail) return [];
  return supportEntry(profile.caniemail).flatMap(({ feature, support, noteNumbers }) => {
    if (support !== 'y' || family.caniemail?.supersedes?.includes(feature.slug)) return [];
    return noteNumbers.flatMap((number) => {
      const text = feature.notes_by_num?.[number];
      if (!text || family.caniemail?.readNote?.(text, profile)) return [];
      return [{ slug: feature.slug, title: feature.title, number, text: plainNote(text) }];
    });
  });
}
