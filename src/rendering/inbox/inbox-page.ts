import { escapeUTF8 } from 'entities';
import type { ClientProfile } from '../profile/client-profile';
import type {
  Appearance,
  DateStyle,
  InboxLayout,
  OneLineShape,
  Palette,
  StackedShape,
} from '../model/inbox-layout';

/** The newest row: this email, unread, as the list shows it. */
export interface InboxRow {
  sender: string;
  subject: string;
  preview: string;
  received: Date;
  /** The avatar's letter; absent: the sender's first. */
  initial?: string;
  /** The sender's BIMI logo (a data: URI of its SVG), drawn in place of the initial. */
  logo?: string;
}

/** The neutral rows under it: bars of these widths (in % of their column) stand for text. */
const PLACEHOLDERS = [
  [46, 78, 64],
  [38, 62, 82],
  [52, 70, 58],
];

const html = (text: string) => escapeUTF8(text);

/**
 * The message list as a page of our own, drawn like any capture (no script, no network): the
 * email's row first, unread, then neutral rows. Its texts are the email's and are escaped;
 * truncation is the client's rule written in CSS (one line with an ellipsis, or a line clamp).
 */
export function inboxPage(
  layout: InboxLayout,
  profile: ClientProfile,
  row: InboxRow,
  appearance: Appearance,
  now: Date,
): string {
  const palette = layout.palette[appearance];
  const width = layout.width(profile);
  const date = formatDate(layout.date, row.received, now);
  const preview = layout.noPreview?.(profile) ? null : row.preview;
  const rows =
    layout.shape.kind === 'one-line'
      ? oneLineRows(row, preview, date)
      : stackedRows(layout, layout.shape, row, preview, date);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;background:${palette.background};color-scheme:${appearance}}
body{width:${width}px;line-height:1.3;font-family:${layout.font.family};color:${palette.text};-webkit-font-smoothing:antialiased}
.line{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.muted{color:${palette.muted}}
.bar{display:inline-block;height:0.6em;border-radius:3px;background:${palette.placeholder};vertical-align:middle}
${layout.shape.kind === 'one-line' ? oneLineCss(layout.shape, palette) : stackedCss(layout.shape, palette)}
</style></head><body>${rows}</body></html>`;
}

function oneLineCss(shape: OneLineShape, palette: Palette): string {
  return `.row{display:flex;align-items:center;height:${shape.rowHeight}px;font-size:${shape.fontSize}px;border-bottom:1px solid ${palette.divider};padding-right:16px}
.row.unread{background:${palette.unread};font-weight:700}
.lead{flex:0 0 ${shape.lead}px}
.sender{flex:0 0 ${shape.senderWidth}px;padding-right:24px;box-sizing:border-box}
.main{flex:1 1 0}
.preview{font-weight:400}
.date{flex:0 0 ${shape.dateWidth}px;text-align:right;font-size:${shape.fontSize - 2}px}`;
}

function oneLineRows(row: InboxRow, preview: string | null, date: string): string {
  const main =
    `<span dir="auto">${html(row.subject)}</span>` +
    (preview
      ? `<span class="preview muted"> - <span dir="auto">${html(preview)}</span></span>`
      : '');
  const email = `<div class="row unread"><div class="lead"></div><div class="sender line" dir="auto">${html(row.sender)}</div><div class="main line">${main}</div><div class="date">${html(date)}</div></div>`;
  const neutral = PLACEHOLDERS.map(
    ([sender, subject]) =>
      `<div class="row"><div class="lead"></div><div class="sender"><span class="bar" style="width:${sender}%"></span></div><div class="main"><span class="bar" style="width:${subject}%"></span></div><div class="date"><span class="bar" style="width:60%"></span></div></div>`,
  );
  return email + neutral.join('');
}

/**
 * A size and a whole-pixel line height: rows then stand at whole pixels, so a change in one
 * row's text never moves the rows below it by a fraction of a pixel. For the same reason the
 * columns that share a line grow from nothing (`flex: 1 1 0`): sized from their text, a longer
 * text past the cut would shift them by a rounding step.
 */
const text = (size: number) => `font-size:${size}px;line-height:${Math.round(size * 1.3)}px`;

function stackedCss(shape: StackedShape, palette: Palette): string {
  const [vertical, horizontal] = shape.padding;
  return `.row{display:flex;gap:12px;padding:${vertical}px ${horizontal}px;border-bottom:1px solid ${palette.divider};position:relative}
.row.unread{background:${palette.unread}}
.mark{flex:0 0 10px;align-self:flex-start;margin-top:${shape.senderSize * 0.45}px}
.dot{width:10px;height:10px;border-radius:50%;background:${palette.accent}}
.row.unread .edge{position:absolute;left:0;top:0;bottom:0;width:4px;background:${palette.accent}}
.avatar{flex:0 0 ${shape.avatarSize ?? 0}px;height:${shape.avatarSize ?? 0}px;border-radius:50%;background:${palette.avatar};color:${palette.avatarText};display:flex;align-items:center;justify-content:center;font-size:${Math.round((shape.avatarSize ?? 0) * 0.45)}px;font-weight:600}
.logo{width:100%;height:100%;border-radius:50%;object-fit:cover;background:#fff}
.body{flex:1 1 0;min-width:0}
.top{display:flex;align-items:baseline;gap:8px}
.sender{flex:1 1 0;${text(shape.senderSize)};font-weight:400}
.unread .sender{font-weight:${shape.senderWeight}}
.date{flex:0 0 auto;${text(shape.dateSize)}}${shape.strongUnreadDate ? `\n.unread .date{font-weight:700;color:${palette.text}}` : ''}
.subject{flex:1 1 0;${text(shape.subjectSize)};margin-top:2px}
.unread .subject{font-weight:${shape.subjectWeight}${shape.accentSubject ? `;color:${palette.accent}` : ''}}
.preview{${text(shape.previewSize)};margin-top:2px;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:${Math.max(shape.previewLines, 1)};overflow:hidden;overflow-wrap:anywhere}`;
}

function stackedRows(
  layout: InboxLayout,
  shape: StackedShape,
  row: InboxRow,
  preview: string | null,
  date: string,
): string {
  const mark = (unread: boolean) =>
    shape.unreadMark === 'dot'
      ? `<div class="mark">${unread ? '<div class="dot"></div>' : ''}</div>`
      : shape.unreadMark === 'bar'
        ? '<div class="edge"></div>'
        : '';
  const avatar = (content: string) =>
    layout.avatar === 'initials' && shape.avatarSize ? `<div class="avatar">${content}</div>` : '';
  const showPreview = preview !== null && shape.previewLines > 0;
  // Sender and subject on lines of their own; the date ends the sender's line, or the subject's.
  const top = (sender: string, subject: string, date: string) =>
    shape.dateOnSubjectLine
      ? `<div class="top">${sender}</div><div class="top">${subject}${date}</div>`
      : `<div class="top">${sender}${date}</div>${subject}`;
  const email =
    `<div class="row unread">${mark(true)}${avatar(row.logo ? `<img class="logo" alt="" src="${html(row.logo)}">` : html(row.initial ?? initialOf(row.sender)))}<div class="body">` +
    top(
      `<div class="sender line" dir="auto">${html(row.sender)}</div>`,
      `<div class="subject line" dir="auto">${html(row.subject)}</div>`,
      `<div class="date muted">${html(date)}</div>`,
    ) +
    (showPreview ? `<div class="preview muted" dir="auto">${html(preview)}</div>` : '') +
    `</div></div>`;
  const neutral = PLACEHOLDERS.map(
    ([sender, subject, text]) =>
      `<div class="row">${mark(false)}${avatar('')}<div class="body">` +
      top(
        `<div class="sender"><span class="bar" style="width:${sender}%"></span></div>`,
        `<div class="subject"><span class="bar" style="width:${subject}%"></span></div>`,
        '<div class="date"><span class="bar" style="width:40px"></span></div>',
      ) +
      (showPreview
        ? Array.from(
            { length: shape.previewLines },
            (_, line) =>
              `<div class="preview"><span class="bar" style="width:${line ? text - 20 : text}%"></span></div>`,
          ).join('')
        : '') +
      `</div></div>`,
  );
  return email + neutral.join('');
}

/** The first letter of the sender's name (a whole emoji or grapheme), upper case. */
export function initialOf(sender: string): string {
  const [first] = new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(
    sender.replace(/^[\s"'(<]+/, ''),
  );
  return first ? first.segment.toLocaleUpperCase('en') : '?';
}

/** A received date as the list writes it, in UTC and US English (the views' one locale). */
export function formatDate(style: DateStyle, received: Date, now: Date): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(received);
  const time = format({ hour: 'numeric', minute: '2-digit' });
  const sameDay = day(received) === day(now);
  const yesterday = day(received) === day(new Date(now.getTime() - 86_400_000));
  switch (style) {
    case 'time-or-month-day':
      return sameDay ? time : format({ month: 'short', day: 'numeric' });
    case 'time-or-yesterday-or-numeric':
      return sameDay
        ? time
        : yesterday
          ? 'Yesterday'
          : format({ month: 'numeric', day: 'numeric', year: '2-digit' });
    case 'weekday-time':
      return sameDay ? time : `${format({ weekday: 'short' })} ${time}`;
  }
}
