import * as cheerio from 'cheerio';
import postcss, { type Root } from 'postcss';
import type { FamilyCheck } from '../../model/client-family';
import { IOS_MINIMUM_TEXT_SIZE } from './minimum-text-size';
import { isIosMail } from './platform';

const SOURCE =
  'Apple: Safari Web Content Guide, Adjusting the Text Size (iOS Mail shows text under 13px at 13px)';
const PX_PER_UNIT: Record<string, number> = { px: 1, pt: 4 / 3 };
const SIZE = /^([\d.]+)(px|pt)$/i;
const SIZE_IN_FONT = /(?:^|\s)([\d.]+)(px|pt)(?:\/\S+)?(?=\s)/i;

/** A font size in px, when written in px or pt (relative sizes depend on where they apply). */
function pixels(value: string, inFont: boolean): number | null {
  const match = inFont ? SIZE_IN_FONT.exec(` ${value} `) : SIZE.exec(value.trim());
  return match ? Number(match[1]) * PX_PER_UNIT[match[2].toLowerCase()] : null;
}

function smallSizes(root: Root, found: Set<number>): void {
  root.walkDecls(/^(font-size|font)$/i, (decl) => {
    const size = pixels(decl.value, decl.prop.toLowerCase() === 'font');
    if (size !== null && size > 0 && size < IOS_MINIMUM_TEXT_SIZE) found.add(size);
  });
}

/**
 * Font sizes the email sets below iOS Mail's 13px minimum, read from its style blocks and
 * style attributes: iOS Mail draws such text at 13px unless the email turns the minimum off
 * with -webkit-text-size-adjust, which moves the layout the email was designed for.
 */
export const textSize: FamilyCheck = ({ html }, profiles) => {
  const iosClients = profiles.filter(isIosMail).map((profile) => profile.code);
  if (html === null || iosClients.length === 0) return [];
  const $ = cheerio.load(html);
  const found = new Set<number>();
  const parse = (css: string) => {
    try {
      return postcss.parse(css);
    } catch {
      return null; // a sheet the client cannot read either
    }
  };
  $('style').each((_, style) => {
    const root = parse($(style).text());
    if (root) smallSizes(root, found);
  });
  $('[style]').each((_, element) => {
    const root = parse(`x{${$(element).attr('style')}}`);
    if (root) smallSizes(root, found);
  });
  if (found.size === 0) return [];
  const sizes = [...found].sort((a, b) => a - b).map((size) => `${+size.toFixed(2)}px`);
  return [
    {
      id: 'text-size',
      severity: 'warning',
      message: `Text set at ${sizes.join(', ')} is under iOS Mail's ${IOS_MINIMUM_TEXT_SIZE}px minimum: it is shown at ${IOS_MINIMUM_TEXT_SIZE}px there unless -webkit-text-size-adjust is none or 100%`,
      source: SOURCE,
      clients: iosClients,
    },
  ];
};
