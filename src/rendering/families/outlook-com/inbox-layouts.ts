import type { InboxLayout } from '../../model/inbox-layout';
import { NO_BIMI, OUTLOOK_PREVIEW, SEGOE_UI, outlookPalette } from '../../inbox/outlook-list';
import { SOURCE, VIEW_CONVENTIONS } from '../../inbox/list-sources';

/** Outlook.com, Office 365 on the web and new Outlook for Windows: the same list. */
export const OUTLOOK_WEB_LIST: InboxLayout = {
  id: 'outlook-web',
  example: 'OUTLOOKCOM',
  title: 'Outlook.com and new Outlook',
  matches: () => true,
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
  palette: outlookPalette('#0f6cbd'),
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
};
