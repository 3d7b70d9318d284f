import profiles from './profiles.json';
import { ClientFamily, handlesNotes } from '../../model/client-family';
import { WINDOWS_FONTS } from '../../fonts/client-fonts';
import { applyWordCssModel } from './css-model';
import { applyDpi120, DPI_120_NOTE } from './dpi-120';
import { drawOutlookPlaceholders, OUTLOOK_PLACEHOLDER } from './blocked-images';
import { applyLateStyleBlocks } from './late-style-blocks';
import { readWordSource } from './source';
import { collectVmlShapes, drawVmlShapes } from './vml';
import { OUTLOOK_WINDOWS_LIST } from './inbox-layouts';
import outlookBoxModelBehaviours from './behaviours/outlook-box-model.json';
import outlookCssBehaviours from './behaviours/outlook-css.json';
import outlookWindowsBehaviours from './behaviours/outlook-windows.json';
import { behaviourGroups } from '../../model/behaviour';

/**
 * caniemail's notes on Word's CSS model that this family's own stages carry out, with more
 * detail (css-model.ts, web-fonts.ts, tables.ts; distant fonts never load in the renderer).
 */
const WORD_MODEL_NOTES =
  /The declaration is supported but distant fonts are ignored|Percentage width on `<img>` elements are based on the physical file's width|ignore the font stack and fall back to Times New Roman|`em` and `px` units behave weirdly|Vertical padding will be the same for all cells|`<style>` elements need to be declared before their rules are used/;

/**
 * Outlook 2007-2021 and classic Outlook for Windows: Word's HTML engine, modelled on Blink
 * (docs/fidelity.md#outlook-for-windows-word-engine). `dpi-120`: a Windows display scaled to
 * 120 DPI.
 */
export const outlookWord: ClientFamily = {
  name: 'outlook-word',
  profiles,
  behaviours: behaviourGroups(
    outlookBoxModelBehaviours,
    outlookCssBehaviours,
    outlookWindowsBehaviours,
  ),
  inboxLayouts: [OUTLOOK_WINDOWS_LIST],
  options: ['dpi-120'],
  requires: ['mso'],
  source: readWordSource,
  engineModel: (p) => {
    // VML is read before the CSS model and caniemail change the markup it describes.
    collectVmlShapes(p);
    applyWordCssModel(p);
    if (p.has('dpi-120')) applyDpi120(p);
  },
  drawing: (p) => {
    // After caniemail's removals, which would take the :not() the exclusion is written with.
    applyLateStyleBlocks(p);
    drawVmlShapes(p);
    drawOutlookPlaceholders(p);
  },
  blockedImages: OUTLOOK_PLACEHOLDER,
  defaultFont: {
    family: '"Times New Roman", Times, serif',
    size: '12pt',
    source:
      "Outlook's default rendering font where the body names none or names one Windows lacks (nylas/nylas-mail#1033; caniemail css-at-font-face #5); the 12pt size is Word's default, assumed",
  },
  fonts: WINDOWS_FONTS,
  caniemail: { readNote: handlesNotes(DPI_120_NOTE, WORD_MODEL_NOTES) },
};
