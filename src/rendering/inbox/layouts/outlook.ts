import { registerInboxLayout } from '../inbox-layout';
import { PREVIEW_FROM_HTML, SOURCE, VIEW_CONVENTIONS } from './sources';

/** Segoe UI is Windows's and not installed: Noto Sans, a humanist sans of the same kind. */
const SEGOE_UI = "'Noto Sans', sans-serif";

const OUTLOOK_PREVIEW = {
  ...PREVIEW_FROM_HTML,
  rule: `${PREVIEW_FROM_HTML.rule}; Exchange keeps the HTML body as the message text and makes plain text from it, so the sender's own plain part is not what shows`,
  source: `${PREVIEW_FROM_HTML.source}; ${SOURCE.exchangeBestBody}`,
};
const NO_BIMI = {
  what: 'avatar',
  rule: 'no BIMI logo in any Outlook (Outlook.com, Microsoft 365, Exchange Online)',
  source: SOURCE.outlookNoBimi,
};

const palette = (accent: string) => ({
  light: {
    background: '#ffffff',
    unread: '#ffffff',
    text: '#242424',
    muted: '#616161',
    accent,
    divider: '#e0e0e0',
    placeholder: '#e6e6e6',
    avatar: '#038387',
    avatarText: '#ffffff',
  },
  dark: {
    background: '#292929',
    unread: '#292929',
    text: '#ffffff',
    muted: '#adadad',
    accent: '#479ef5',
    divider: '#3d3d3d',
    placeholder: '#424242',
    avatar: '#4bb4b7',
    avatarText: '#1f1f1f',
  },
});

/** Outlook for Windows (2007 to 365): the compact list, a preview line from Outlook 2013. */
registerInboxLayout({
  id: 'outlook-windows',
  example: 'OL2019',
  title: 'Outlook for Windows (classic)',
  matches: (profile) => profile.family === 'outlook-word' && /^OL/.test(profile.code),
  width: () => 360,
  font: { family: SEGOE_UI, standsFor: 'Segoe UI (Noto Sans in its place)' },
  shape: {
    kind: 'stacked',
    padding: [6, 12],
    senderSize: 14,
    subjectSize: 12,
    previewSize: 12,
    dateSize: 12,
    previewLines: 1,
    unreadMark: 'bar',
    accentSubject: true,
    senderWeight: 700,
    subjectWeight: 700,
    dateOnSubjectLine: true,
  },
  palette: palette('#0f6cbd'),
  noPreview: (profile) => (profile.mso ?? 16) < 15,
  avatar: 'none',
  bimiInList: false,
  date: 'weekday-time',
  notes: [
    {
      what: 'row',
      rule: 'the Compact view: "two lines of message properties, including the read status, subject, sender, time received"; unread messages have "bold headers"',
      source: SOURCE.outlook2010Views,
    },
    {
      what: 'preview line',
      rule: 'one line of Message Preview under the subject from Outlook 2013 on (Outlook 2007 and 2010 show none in the Compact view); unread subjects in blue and bold, the time at the end of the subject’s line',
      source:
        'Outlook’s View › Message Preview setting (1 line by default); not on a Microsoft page we could cite',
      assumed: true,
    },
    {
      what: 'preview length',
      rule: 'about 35 characters in the common length table; here as many as the list column holds',
      source: SOURCE.lengthTable,
    },
    OUTLOOK_PREVIEW,
    NO_BIMI,
    {
      what: 'list width, font and sizes',
      rule: 'a 360 px list column beside the reading pane, Segoe UI at 9 pt (12 px), the sender at 14 px',
      source: 'not published',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
});

/** Outlook.com, Office 365 on the web and new Outlook for Windows: the same list. */
registerInboxLayout({
  id: 'outlook-web',
  example: 'OUTLOOKCOM',
  title: 'Outlook.com and new Outlook',
  matches: (profile) => profile.family === 'outlook-com',
  width: () => 420,
  font: { family: SEGOE_UI, standsFor: 'Segoe UI (Noto Sans in its place)' },
  shape: {
    kind: 'stacked',
    padding: [8, 12],
    senderSize: 14,
    subjectSize: 14,
    previewSize: 13,
    dateSize: 12,
    previewLines: 1,
    avatarSize: 32,
    unreadMark: 'bar',
    accentSubject: true,
    senderWeight: 600,
    subjectWeight: 600,
  },
  palette: palette('#0f6cbd'),
  avatar: 'initials',
  bimiInList: false,
  date: 'weekday-time',
  notes: [
    {
      what: 'row',
      rule: 'sender image (initials), sender and date, subject, one line of preview; unread rows with a blue bar and a blue subject',
      source: 'not published by Microsoft',
      assumed: true,
    },
    { what: 'preview length', rule: 'varies with the list width', source: SOURCE.lengthTable },
    OUTLOOK_PREVIEW,
    NO_BIMI,
    {
      what: 'list width, font and sizes',
      rule: 'a 420 px list, Segoe UI 14 px',
      source: 'not published',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
});
