import type { InboxLayout } from '../../model/inbox-layout';
import { PREVIEW_FROM_HTML, SOURCE, VIEW_CONVENTIONS } from '../../inbox/list-sources';

/** SF Pro is Apple's and not installed: Inter is a neo-grotesque of the same build and sizes. */
const SF_PRO = "Inter, 'Noto Sans', sans-serif";
const isMac = (platform: string) => platform.startsWith('macOS');

const APPLE_PALETTE = {
  light: {
    background: '#ffffff',
    unread: '#ffffff',
    text: '#000000',
    muted: '#8a8a8e',
    accent: '#007aff',
    divider: '#e5e5ea',
    placeholder: '#e5e5ea',
    avatar: '#a2a2a7',
    avatarText: '#ffffff',
  },
  dark: {
    background: '#000000',
    unread: '#000000',
    text: '#ffffff',
    muted: '#98989f',
    accent: '#0a84ff',
    divider: '#38383a',
    placeholder: '#38383a',
    avatar: '#636366',
    avatarText: '#ffffff',
  },
};

const APPLE_BIMI = {
  what: 'avatar',
  rule: 'no avatar in the list by default; iOS 16 and macOS Ventura show a BIMI logo with the message for senders with a VMC',
  source: SOURCE.appleBimi,
};

/** iOS Mail on iPhone and iPad: blue dot, sender and date, subject, two lines of preview. */
export const IOS_MAIL_LIST: InboxLayout = {
  id: 'ios-mail',
  example: 'IPHONE15',
  title: 'iOS Mail',
  matches: (profile) => !isMac(profile.platform),
  // An iPad shows the list as a column beside the message.
  width: (profile) => (profile.viewport.width > 430 ? 375 : profile.viewport.width),
  font: { family: SF_PRO, standsFor: 'SF Pro (Inter in its place)' },
  shape: {
    kind: 'stacked',
    padding: [10, 16],
    senderSize: 17,
    subjectSize: 15,
    previewSize: 15,
    dateSize: 15,
    previewLines: 2,
    unreadMark: 'dot',
    senderWeight: 600,
    subjectWeight: 400,
  },
  palette: APPLE_PALETTE,
  avatar: 'none',
  bimiInList: false,
  date: 'time-or-yesterday-or-numeric',
  notes: [
    {
      what: 'row',
      rule: 'sender and date, subject, then the preview; Settings › Mail › Preview sets 0 to 5 lines, 2 by default',
      source: SOURCE.iosPreviewLines,
    },
    {
      what: 'preview length',
      rule: 'as much as two lines hold: about 81 characters in portrait',
      source: SOURCE.lengthTable,
    },
    PREVIEW_FROM_HTML,
    APPLE_BIMI,
    {
      what: 'font and sizes',
      rule: 'the system text styles: headline (17 pt semibold) for the sender, subheadline (15 pt) for subject, preview and date',
      source: SOURCE.iosTextStyles,
      assumed: true,
    },
    {
      what: 'Apple Intelligence',
      rule: 'on iOS 18.1 and later with Apple Intelligence, a summary replaces the preview and ignores hidden text; not drawn (these profiles are older iOS)',
      source: 'https://resend.com/blog/email-changes-coming-to-ios-18',
    },
    ...VIEW_CONVENTIONS,
  ],
};

/** Apple Mail on macOS: the classic list column, two lines of preview. */
export const MAC_MAIL_LIST: InboxLayout = {
  id: 'apple-mail-mac',
  example: 'APPMAIL16',
  title: 'Apple Mail (macOS)',
  matches: (profile) => isMac(profile.platform),
  width: () => 340,
  font: { family: SF_PRO, standsFor: 'SF Pro (Inter in its place)' },
  shape: {
    kind: 'stacked',
    padding: [8, 12],
    senderSize: 13,
    subjectSize: 13,
    previewSize: 13,
    dateSize: 12,
    previewLines: 2,
    unreadMark: 'dot',
    senderWeight: 700,
    subjectWeight: 400,
  },
  palette: {
    light: APPLE_PALETTE.light,
    dark: { ...APPLE_PALETTE.dark, background: '#1e1e1e', unread: '#1e1e1e' },
  },
  previewChars: 140,
  avatar: 'none',
  bimiInList: false,
  date: 'time-or-yesterday-or-numeric',
  notes: [
    {
      what: 'row',
      rule: 'sender and date, subject, two lines of preview, a blue dot on unread rows',
      source: 'not published by Apple',
      assumed: true,
    },
    { what: 'preview length', rule: 'about 140 characters', source: SOURCE.lengthTable },
    PREVIEW_FROM_HTML,
    APPLE_BIMI,
    {
      what: 'list width, font and sizes',
      rule: 'a 340 px list column, 13 px text',
      source: 'not published',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
};
