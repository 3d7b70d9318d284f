import type { AnyNode, Text } from 'domhandler';
import type { EmailDocument } from '../../model/email-document';
import type { RenderReport } from '../../model/render-report';
import { detect, Detection, DetectorType, disabledByMeta } from './data-detector-patterns';
import { escapeUTF8 } from 'entities';

const ALL_TYPES: DetectorType[] = ['telephone', 'calendar-event', 'address'];
const NOT_SCANNED = new Set([
  'a',
  'script',
  'style',
  'title',
  'textarea',
  'button',
  'select',
  'option',
  'head',
]);

const LABEL: Record<DetectorType, string> = {
  telephone: 'Phone numbers',
  'calendar-event': 'Dates and times',
  address: 'Addresses',
};

/**
 * The public record: Cerberus and most email boilerplates ship an "iOS BLUE LINKS" rule
 * (`a[x-apple-data-detectors] { color: inherit !important; text-decoration: none !important }`)
 * and a format-detection meta "to tell iOS not to automatically link certain text strings";
 * emailmonday/Cerberus#90 shows iOS Mail underlining a date.
 */
const SOURCE =
  'Apple: Safari HTML Reference, format-detection; emailmonday/Cerberus#90 (iOS blue links)';

const escapeHtml = escapeUTF8;

function link(detection: Detection, index: number): string {
  const href =
    detection.type === 'telephone'
      ? `tel:${detection.text.replace(/[^\d+]/g, '')}`
      : `x-apple-data-detectors://${index}`;
  // The attributes iOS Mail writes on the links it adds, which email CSS targets.
  return (
    `<a href="${escapeHtml(href)}" dir="ltr" x-apple-data-detectors="true" ` +
    `x-apple-data-detectors-type="${detection.type}" x-apple-data-detectors-result="${index}">` +
    `${escapeHtml(detection.text)}</a>`
  );
}

function textNodes($: EmailDocument): Text[] {
  const found: Text[] = [];
  const visit = (node: AnyNode) => {
    if (node.type === 'text') found.push(node as Text);
    else if ('children' in node && !(node.type === 'tag' && NOT_SCANNED.has(node.tagName)))
      node.children.forEach(visit);
  };
  $('body').each((_i, body) => visit(body));
  return found;
}

/**
 * iOS Mail turns phone numbers, dates and addresses in the text into links (blue and
 * underlined unless the email styles them, typically through `a[x-apple-data-detectors]`),
 * except the types the email turns off with `<meta name="format-detection" content="...=no">`.
 */
export function applyDataDetectors($: EmailDocument, report: RenderReport): void {
  const off = new Set<DetectorType>();
  $('meta[name="format-detection" i]').each((_i, meta) =>
    disabledByMeta($(meta).attr('content') ?? '').forEach((type) => off.add(type)),
  );
  for (const type of off)
    report.add(
      'rule:ios-data-detectors',
      `${LABEL[type]} not linked: the email turns them off (format-detection)`,
      '<meta>',
      'Apple: Safari HTML Reference, format-detection',
    );
  const enabled = new Set(ALL_TYPES.filter((type) => !off.has(type)));
  if (enabled.size === 0) return;

  const counts = new Map<DetectorType, number>();
  let index = 0;
  for (const node of textNodes($)) {
    const detections = detect(node.data, enabled);
    if (detections.length === 0) continue;
    let html = '';
    let position = 0;
    for (const detection of detections) {
      html += escapeHtml(node.data.slice(position, detection.start)) + link(detection, index++);
      position = detection.end;
      counts.set(detection.type, (counts.get(detection.type) ?? 0) + 1);
    }
    $(node).replaceWith(html + escapeHtml(node.data.slice(position)));
  }
  for (const [type, count] of counts)
    report.add(
      'rule:ios-data-detectors',
      `${LABEL[type]} turned into links by iOS data detectors`,
      'text',
      SOURCE,
      count,
    );
}
