import type { ClientProfile } from '../profile/client-profile';
import type { ClientFont, DefaultFont } from '../fonts/client-fonts';
import type { RenderOptions } from '../profile/options';
import type { EmailContent, ImagePlan } from './email-content';
import type { EmailDocument } from './email-document';
import type { RenderReport } from './render-report';
import type { CheckFinding } from './check-finding';
import type { InboxLayout } from './inbox-layout';
import type { BehaviourGroup } from './behaviour';

/** What every stage knows of the render it works for. */
export interface PreparationContext {
  readonly email: EmailContent;
  readonly profile: ClientProfile;
  readonly family: ClientFamily;
  readonly options: RenderOptions;
  readonly report: RenderReport;
  /** What a family's stages leave for its later stages (StageMemo). */
  readonly memos: Map<object, unknown>;
  /** Whether the profile has this variant of its family (its profiles.json `rules`). */
  has(rule: string): boolean;
}

/** The email as text, before it is parsed: what source stages read and rewrite. */
export interface SourceText extends PreparationContext {
  html: string;
}

/** What every stage after parsing works on: the email's document, changed in place. */
export interface Preparation extends PreparationContext {
  /** The document; a stage that builds a new one (Gmail's clipping) sets it here. */
  $: EmailDocument;
  /** The stored images the document shows, by path (the images stage fills it). */
  plan: ImagePlan;
  /** False once a stage finds the client drops the doctype (serialized without it). */
  keepsDoctype: boolean;
  /**
   * Whether the client zooms this email out to the screen (the profile's fit-to-width), until
   * a stage finds the email turns that off (iOS Mail's reformatting meta).
   */
  fitsToWidth: boolean;
}

/** One step of the pipeline: it reads and rewrites the preparation in place. */
export type Stage = (p: Preparation) => void;

/** A step on the email's source text, before it is parsed. */
export type SourceStage = (source: SourceText) => void;

/** What a caniemail partial-support note means for one profile of a family. */
export type NoteReading = 'handled' | 'unsupported';

/** How a family reads caniemail's record, where its own stages or record know better. */
export interface CaniemailReading {
  /**
   * 'handled': the family's own stages do what the note says (with more detail), so the
   * caniemail stage neither applies it again nor reports it as not emulated; 'unsupported':
   * the note makes the feature unsupported for this profile (Gmail's apps on a non-Google
   * account); undefined: caniemail's own reading applies.
   */
  readNote?(note: string, profile: ClientProfile): NoteReading | undefined;
  /** Features whose caniemail values predate the family's newer public record: not applied. */
  supersedes?: readonly string[];
}

/**
 * A client family: what one kind of client does to every email it shows, whatever the device
 * (docs/architecture.md#client-families-and-engines). A profile names its family in the
 * catalogue; the pipeline runs the same fixed stages for every profile and asks the family for
 * each:
 * source → parse → images → sanitizer → engine model → caniemail → engine styles → drawing →
 * dark mode → display → frame. A family leaves out the stages it has nothing for.
 */
export interface ClientFamily {
  /** The family's name: its profiles' `family`. */
  readonly name: string;
  /**
   * The family's clients, by code (its folder's profiles.json): each profile's data as the
   * catalogue checks it, less `family`, which is this family's name.
   */
  readonly profiles: Readonly<Record<string, object>>;
  /** The variants a profile of this family may list in its `rules` (Word: `dpi-120`). */
  readonly options?: readonly string[];
  /** Profile fields the family cannot work without (Word: `mso`). */
  readonly requires?: readonly 'mso'[];
  /** The source text as the client reads it, before parsing (Word: conditional comments). */
  readonly source?: SourceStage;
  /** The client's documented sanitizer: what it rewrites in every email it receives. */
  readonly sanitizer?: Stage;
  /** The rendering engine's own model, where it differs from a browser. */
  readonly engineModel?: Stage;
  /** What the engine draws that Chromium does not (Word: VML), once every removal has run. */
  readonly drawing?: Stage;
  /** The family's own dark mode; it then paints its own dark defaults. */
  readonly darkMode?: Stage;
  /**
   * A dark profile of the family keeps each colour its inversion rewrites in `data-og*`
   * attributes (Outlook's dark mode: stages/original-colours.ts).
   */
  readonly keepsOriginalColours?: boolean;
  /** What the client's display does to the finished email (auto fit, clipping). */
  readonly display?: Stage;
  /**
   * How the client draws an image it does not load (images off), with the source; without
   * it, as its engine draws an image that failed to load.
   */
  readonly blockedImages?: BlockedImages;
  /** The font the client shows text in where the email names none, and its source. */
  readonly defaultFont: DefaultFont;
  /** The client's other page CSS (margins, its own containers), which the email's overrides. */
  readonly frameCss?: (profile: ClientProfile) => string[];
  /** Fonts the client's system or page provides, by the names emails give them. */
  readonly fonts?: readonly ClientFont[];
  readonly caniemail?: CaniemailReading;
  /**
   * How the family's clients draw their message list (the inbox view): the first whose
   * `matches` takes the profile; none, where no list is documented.
   */
  readonly inboxLayouts?: readonly InboxLayout[];
  /**
   * The family's documented behaviours, each with its source and how far it is reproduced
   * (the files of its folder's behaviours/: docs/fidelity.md#the-fidelity-record).
   */
  readonly behaviours?: readonly BehaviourGroup[];
  /** Pre-send checks the family adds: what its clients will show wrong, read from the email. */
  readonly checks?: readonly FamilyCheck[];
}

/**
 * A family's pre-send check: findings for `email` in `profiles` (the catalogue's profiles of
 * the family). `prepare` is the pipeline, for a check that measures what the client keeps
 * (passed in: a family folder does not import the pipeline that imports it).
 */
export type FamilyCheck = (
  email: EmailContent,
  profiles: readonly ClientProfile[],
  prepare: (email: EmailContent, profile: ClientProfile) => PreparedForCheck,
) => CheckFinding[];

/** What a check reads of a preparation: the stages' memos (StageMemo). */
export interface PreparedForCheck {
  memos: ReadonlyMap<object, unknown>;
}

/**
 * An image the client does not load: `src-removed`, the webmail takes the address out and the
 * browser draws the alt text in the image's box, as it draws an image with no address; `placeholder`, the
 * client draws its own box in the image's place (the family's drawing stage, after every
 * removal, so the client's own markup is not taken for the email's).
 */
export interface BlockedImages {
  readonly how: 'src-removed' | 'placeholder';
  readonly source: string;
}

/** A reading of caniemail that claims, as handled by the family, the notes matching `patterns`. */
export const handlesNotes =
  (...patterns: RegExp[]) =>
  (note: string): NoteReading | undefined =>
    patterns.some((pattern) => pattern.test(note)) ? 'handled' : undefined;
