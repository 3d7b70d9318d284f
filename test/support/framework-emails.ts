import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inky } from 'inky';
import juice from 'juice';
import mjml2html from 'mjml';
import type { Box, Pixels } from './pixels';

// Emails built with the three most used ways of writing emails, each with distinctive solid
// colours where pixel checks look for structure (test/fixtures/frameworks/).

export const COLOURS = {
  red: [229, 57, 53],
  blue: [30, 136, 229],
  green: [67, 160, 71],
  yellow: [253, 216, 53],
  brown: [109, 76, 65],
  /** The VML button's fill: drawn by Outlook only. */
  purple: [142, 36, 170],
  /** The VML button's HTML twin: everyone but Outlook. */
  orange: [251, 140, 0],
  teal: [0, 137, 123],
  imageBlue: [0, 0, 255],
  imageRed: [255, 0, 0],
} as const;

/** buttons.cm's bulletproof button: VML for Outlook, an HTML link for everyone else. */
export const BULLETPROOF_BUTTON = `<div><!--[if mso]>
  <v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="https://example.com/vml" style="height:40px;v-text-anchor:middle;width:200px;" arcsize="10%" strokecolor="#5e1675" fillcolor="#8e24aa">
    <w:anchorlock/>
    <center style="color:#ffffff;font-family:sans-serif;font-size:13px;font-weight:bold;">Bulletproof</center>
  </v:roundrect>
<![endif]--><!--[if !mso]><!--><a href="https://example.com/vml" style="background-color:#fb8c00;border-radius:4px;color:#ffffff;display:inline-block;font-family:sans-serif;font-size:13px;font-weight:bold;line-height:40px;text-align:center;text-decoration:none;width:200px;">Bulletproof</a><!--<![endif]--></div>`;

// The fixtures of test/e2e/frameworks.e2e-spec.ts (test/fixtures/frameworks/): each compiled at
// test time by the framework's own package, as a project using the framework would build it.
const FRAMEWORKS = join(__dirname, '../fixtures/frameworks');
const frameworkFixture = (name: string) => readFileSync(join(FRAMEWORKS, name), 'utf8');

/** More solid colours of test/fixtures/frameworks/, beside those of COLOURS. */
export const FRAMEWORK_COLOURS = {
  ...COLOURS,
  /** MJML's one-column section and Cerberus' header: the first full-width block. */
  indigo: [57, 73, 171],
  /** MJML's own mj-button (a table cell, not VML): drawn everywhere. */
  pink: [216, 27, 96],
  /** Foundation's `button success` (#3adb76). */
  foundationGreen: [58, 219, 118],
  /** Foundation's table.container, 580px. */
  containerGrey: [207, 216, 220],
} as const;
export type FrameworkColour = keyof typeof FRAMEWORK_COLOURS;

/** Every occurrence of a placeholder replaced by text taken as it is (replace() reads `$&`). */
const fill = (source: string, placeholder: string, text: string) =>
  source.split(placeholder).join(text);

/** mjml-columns.mjml compiled by mjml with strict validation. */
export async function mjmlColumns(imagesUrl: string): Promise<string> {
  const source = fill(
    fill(frameworkFixture('mjml-columns.mjml'), 'IMAGES', imagesUrl),
    'BULLETPROOF_BUTTON',
    BULLETPROOF_BUTTON,
  );
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict' });
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  return html;
}

/** foundation.inky.html through inky, with Foundation's CSS in the head, inlined by juice. */
export function foundationTemplate(): string {
  const css = readFileSync(require.resolve('foundation-emails/dist/foundation-emails.css'), 'utf8');
  const page = new Inky().releaseTheKraken(frameworkFixture('foundation.inky.html'));
  // As Foundation's build does: CSS inlined, the style block kept for its media queries.
  return juice(fill(page, 'FOUNDATION_CSS', css), {
    preserveMediaQueries: true,
    removeStyleTags: false,
  });
}

/** cerberus-hybrid.html with its images on the test image server. */
export function cerberusHybridTemplate(imagesUrl: string): string {
  return fill(frameworkFixture('cerberus-hybrid.html'), 'IMAGES', imagesUrl);
}

/** The same email without its Office XML island (`<xml>...</xml>`), comments left in place. */
export function withoutOfficeXml(html: string): string {
  const stripped = html.replace(/<xml>[\s\S]*?<\/xml>/gi, '');
  if (stripped === html) throw new Error('the email has no Office XML island');
  return stripped;
}

// Measuring a capture: where each fixture colour is drawn, in CSS px.

/** How far a colour may drift from the fixture's value (anti-aliasing, colour management). */
const COLOUR_TOLERANCE = 12;
/** How far an edge may sit from where the framework puts it, in CSS px. */
const EDGE_TOLERANCE = 8;

/** One capture of a framework email, as the spec measures it. */
export interface Screenshot {
  name: string;
  file: string;
  pixels: Pixels;
  paneWidth: number;
  /** Device px per CSS px. */
  scale: number;
}

const width = (box: Box) => box.right - box.left;
const height = (box: Box) => box.bottom - box.top;
const centre = (box: Box) => (box.left + box.right) / 2;
const describeBox = (box: Box) =>
  `x ${box.left}..${box.right} (${width(box)} wide), y ${box.top}..${box.bottom} (${height(box)} high)`;

/**
 * The measures of one screenshot, in CSS px, and every documented expectation it breaks: a
 * failing test lists all of them with the PNG's path, not only the first.
 */
export class Layout {
  readonly problems: string[] = [];
  constructor(readonly shot: Screenshot) {}

  /** The bounding box of a fixture colour, in CSS px, or null when it is nowhere. */
  find(colour: FrameworkColour): Box | null {
    this.found ??= this.scan();
    return this.found.get(colour) ?? null;
  }

  /**
   * Every fixture colour's box, found in one scan when a check first asks: a tall capture at
   * 3x is millions of pixels, and a scan per colour per check was the suite's largest cost.
   */
  private found?: Map<FrameworkColour, Box | null>;

  private scan(): Map<FrameworkColour, Box | null> {
    const names = Object.keys(FRAMEWORK_COLOURS) as FrameworkColour[];
    const boxes = this.shot.pixels.colourBounds(
      names.map((name) => FRAMEWORK_COLOURS[name]),
      COLOUR_TOLERANCE,
    );
    const css = (px: number) => Math.round(px / this.shot.scale);
    return new Map(
      names.map((name, i) => {
        const box = boxes[i];
        return [
          name,
          box && {
            left: css(box.left),
            top: css(box.top),
            right: css(box.right + 1),
            bottom: css(box.bottom + 1),
          },
        ];
      }),
    );
  }

  /** Records a broken expectation once (several checks may look at one missing region). */
  report(problem: string): void {
    if (!this.problems.includes(problem)) this.problems.push(problem);
  }

  drawn(colour: FrameworkColour): Box | null {
    const box = this.find(colour);
    if (!box) this.report(`${colour} is not drawn`);
    return box;
  }

  notDrawn(colour: FrameworkColour): void {
    const box = this.find(colour);
    if (box) this.report(`${colour} is drawn at ${describeBox(box)}`);
  }

  near(what: string, actual: number, expected: number, tolerance = EDGE_TOLERANCE): void {
    if (Math.abs(actual - expected) > tolerance)
      this.report(`${what} is ${actual}, expected ${expected} ± ${tolerance}`);
  }

  /** The top edge of a region, `expected` CSS px from the top of the message. */
  top(colour: FrameworkColour, expected: number, why: string): void {
    const box = this.drawn(colour);
    if (box) this.near(`${colour} top (${why})`, box.top, expected);
  }

  /** A region of this colour, `w` x `h` CSS px (h omitted: any height). */
  sized(colour: FrameworkColour, w: number, h?: number): Box | null {
    const box = this.drawn(colour);
    if (!box) return null;
    this.near(`${colour} width`, width(box), w);
    if (h !== undefined) this.near(`${colour} height`, height(box), h);
    return box;
  }

  /** Columns in one row, left to right, each `columnWidth` wide. */
  sideBySide(colours: FrameworkColour[], columnWidth: number): void {
    const boxes = colours.map((colour) => this.sized(colour, columnWidth));
    for (let i = 1; i < colours.length; i++) {
      const [before, box] = [boxes[i - 1], boxes[i]];
      if (!before || !box) continue;
      this.near(`${colours[i]} top (beside ${colours[i - 1]})`, box.top, before.top, 3);
      if (box.left < before.right - 2)
        this.report(`${colours[i]} (x ${box.left}) is not right of ${colours[i - 1]}`);
    }
  }

  /** Columns one below the other, each `columnWidth` wide (the mobile layout). */
  stacked(colours: FrameworkColour[], columnWidth: number): void {
    const boxes = colours.map((colour) => this.sized(colour, columnWidth));
    for (let i = 1; i < colours.length; i++) {
      const [before, box] = [boxes[i - 1], boxes[i]];
      if (before && box && box.top < before.bottom - 2)
        this.report(`${colours[i]} (y ${box.top}) is not below ${colours[i - 1]}`);
    }
  }

  /** The regions' outer edges make a body `bodyWidth` wide, centred in the pane. */
  centredBody(colours: FrameworkColour[], bodyWidth: number): void {
    const boxes = colours.map((colour) => this.find(colour)).filter((box) => box !== null);
    if (!boxes.length) return void this.report(`none of ${colours.join(', ')} is drawn`);
    const body = {
      left: Math.min(...boxes.map((box) => box.left)),
      right: Math.max(...boxes.map((box) => box.right)),
    };
    this.near('body width', body.right - body.left, bodyWidth);
    this.near('body centre', (body.left + body.right) / 2, this.shot.paneWidth / 2);
  }

  centred(colour: FrameworkColour): void {
    const box = this.drawn(colour);
    if (box) this.near(`${colour} centre`, centre(box), this.shot.paneWidth / 2);
  }

  expectAsDocumented(): void {
    const { name, file } = this.shot;
    expect({ name, png: file, problems: this.problems }).toEqual({ name, png: file, problems: [] });
  }
}

/** The first rows (device px) that differ between two screenshots, at most `limit` of them. */
export function differingRows(a: Pixels, b: Pixels, limit = 5): number[] {
  const differing: number[] = [];
  for (let y = 0; y < Math.min(a.height, b.height) && differing.length < limit; y++) {
    for (let x = 0; x < Math.min(a.width, b.width); x++) {
      if (a.at(x, y).join() !== b.at(x, y).join()) {
        differing.push(y);
        break;
      }
    }
  }
  return differing;
}
