import type { InboxLayout } from '../../model/inbox-layout';
import { NO_BIMI, OUTLOOK_PREVIEW, SEGOE_UI, outlookPalette } from '../../inbox/outlook-list';
import { SOURCE, VIEW_CONVENTIONS } from '../../inbox/list-sources';

/** Outlook for Windows (2007 to 365): the compact list, a preview line from Outlook 2013. */
export const OUTLOOK_WINDOWS_LIST: InboxLayout = {
  id: 'outlook-windows',
  example: 'OL2019',
  title: 'Outlook for Windows (classic)',
  matches: (profile) => /^OL/.test(profile.code),
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
  palette: outlookPalette('#0f6cbd'),
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
};
