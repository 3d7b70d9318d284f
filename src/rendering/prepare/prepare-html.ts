import { applyCaniemail } from '../caniemail/apply-caniemail';
import { familyOf } from '../families/lookup';
import type { Stage } from '../model/client-family';
import type { EmailContent, ImagePlan } from '../model/email-content';
import { serializeEmail } from '../model/email-document';
import { parsePreparation, startPreparation } from '../model/preparation';
import type { RenderReport } from '../model/render-report';
import type { ClientProfile } from '../profile/client-profile';
import type { RenderOptions } from '../profile/options';
import { insertFrame } from '../stages/client-frame';
import { applyColourInversion } from '../stages/colour-inversion';
import { applyEngineStyles } from '../stages/engine-styles';
import { showStoredImages } from '../stages/images';
import { removeMetaRefresh } from '../stages/navigations';
import { loadStylesheets } from '../stages/stylesheets';
import { answerInteractionMediaFeatures } from '../stages/interaction-media';

export interface PreparedHtml {
  html: string;
  images: ImagePlan;
  report: RenderReport;
  /** What stages left for later readers (StageMemo), such as a size the client measured. */
  memos: ReadonlyMap<object, unknown>;
  /** Whether the client zooms this email out to the screen (Preparation.fitsToWidth). */
  fitsToWidth: boolean;
}

/** A part of the profile's family that a fixed stage asks for (a family may have none). */
type FamilyPart = 'sanitizer' | 'engineModel' | 'drawing' | 'darkMode' | 'display';

/**
 * The fixed stages after parsing, in order: a generic stage, or the family's part by name.
 * docs/architecture.md lists them; a unit test holds the two together.
 */
export const FIXED_STAGES: readonly (Stage | FamilyPart)[] = [
  removeMetaRefresh,
  loadStylesheets,
  showStoredImages,
  'sanitizer',
  'engineModel',
  applyCaniemail,
  answerInteractionMediaFeatures,
  applyEngineStyles,
  'drawing',
  applyColourInversion,
  'darkMode',
  'display',
  insertFrame,
];

/**
 * The HTML the client would display, built from the email in one fixed order, the order the
 * client itself works in (docs/architecture.md#rendering-pipeline), each stage asking the
 * profile's family for its part:
 * 1. source text (Word engine: conditional comments, Office markup), then parse;
 * 2. what the client loads: linked and imported stylesheets in place; image resolution
 *    (stored copies, posters and web fonts; blocked images removed, alt text kept);
 * 3. the client's documented sanitizer (Gmail's style rules, class prefixing, ...);
 * 4. the engine model (Word's CSS model; iOS text size and data detectors ...);
 * 5. caniemail for what no specific rule covered, partial-support notes applied as they say;
 *    the device's answers to hover and pointer media queries (touch screen or mouse);
 * 6. the engine's own styles joined, what the engine draws (VML), dark mode, what the
 *    client's display does (auto fit, clipping), and the client frame: default fonts.
 * Pure: no browser, no I/O. Every stage reports what it changed and its public source.
 */
export function prepareHtml(
  email: EmailContent,
  profile: ClientProfile,
  options: RenderOptions,
): PreparedHtml {
  const family = familyOf(profile);
  const source = startPreparation(email, profile, family, options);
  family.source?.(source);
  const p = parsePreparation(source);
  for (const stage of FIXED_STAGES) (typeof stage === 'string' ? family[stage] : stage)?.(p);
  return {
    html: serializeEmail(p.$, p.keepsDoctype),
    images: p.plan,
    report: p.report,
    memos: p.memos,
    fitsToWidth: p.fitsToWidth,
  };
}
