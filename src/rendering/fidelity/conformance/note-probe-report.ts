import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One caniemail note a family applies as a rule, probed by a render (test/conformance,
 * `npm run conformance:notes`): an email drawn in the profile with the note's rule and
 * without it; the note is shown when the two pictures differ.
 */
export interface NoteProbe {
  family: string;
  feature: string;
  /** The note's number in caniemail's feature (`#3`: "3"). */
  note: string;
  text: string;
  /** The profile drawn (the first of the family that applies the note). */
  client: string;
  /** The email drawn: a probe of the note's own, or caniemail's test of the feature. */
  email: string | null;
  /** Pixels the note's rule changes in that render; null: nothing drawn (no email). */
  change: number | null;
  shown: boolean;
  /** The first 12 hex of a SHA-256 over the two renders' pixel keys. */
  inputs: string;
  /** Why nothing was drawn (no email). */
  why?: string;
}

export interface NoteProbeReport {
  generated_by: string;
  generated_at: string;
  renders: number;
  wall_s: number;
  probes: NoteProbe[];
}

export const NOTE_PROBES_FILE = join(__dirname, 'note-probes.json');

/** The committed note probes by family, feature and note; read once, on first use. */
export class NoteProbeIndex {
  private byNote?: Map<string, NoteProbe>;

  constructor(private readonly file = NOTE_PROBES_FILE) {}

  of(family: string, feature: string, note: string): NoteProbe | undefined {
    if (!this.byNote) {
      const report: NoteProbeReport | null = existsSync(this.file)
        ? (JSON.parse(readFileSync(this.file, 'utf8')) as NoteProbeReport)
        : null;
      this.byNote = new Map(
        (report?.probes ?? []).map((probe) => [
          `${probe.family}|${probe.feature}|${probe.note}`,
          probe,
        ]),
      );
    }
    return this.byNote.get(`${family}|${feature}|${note}`);
  }
}

export const noteProbeIndex = new NoteProbeIndex();
