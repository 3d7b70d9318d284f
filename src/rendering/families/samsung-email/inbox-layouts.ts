import type { InboxLayout } from '../../model/inbox-layout';
import { PREVIEW_FROM_HTML, SOURCE, VIEW_CONVENTIONS } from '../../inbox/list-sources';

/** Samsung Email on Android: avatar, sender and date, subject, one line of preview. */
export const SAMSUNG_LIST: InboxLayout = {
  id: 'samsung-email',
  example: 'SAMSUNGMAIL',
  title: 'Samsung Email',
  matches: () => true,
  width: (profile) => profile.viewport.width,
  font: {
    family: "Roboto, 'Noto Sans', sans-serif",
    standsFor: 'SamsungOne (Roboto in its place)',
  },
  shape: {
    kind: 'stacked',
    padding: [12, 16],
    senderSize: 16,
    subjectSize: 15,
    previewSize: 14,
    dateSize: 13,
    previewLines: 1,
    avatarSize: 40,
    unreadMark: 'none',
    senderWeight: 700,
    subjectWeight: 700,
  },
  palette: {
    light: {
      background: '#fcfcfc',
      unread: '#fcfcfc',
      text: '#000000',
      muted: '#767676',
      accent: '#3e91ff',
      divider: '#ececec',
      placeholder: '#e6e6e6',
      avatar: '#5c9dff',
      avatarText: '#ffffff',
    },
    dark: {
      background: '#000000',
      unread: '#000000',
      text: '#fafafa',
      muted: '#9e9e9e',
      accent: '#3e91ff',
      divider: '#252525',
      placeholder: '#2e2e2e',
      avatar: '#2f5b9b',
      avatarText: '#ffffff',
    },
  },
  avatar: 'initials',
  bimiInList: false,
  date: 'time-or-month-day',
  notes: [
    {
      what: 'row',
      rule: 'sender, subject, then preview text, as the common mobile pattern ("[Sender] / Subject Line / Preheader text preview")',
      source: SOURCE.mobilePattern,
    },
    {
      what: 'preview length',
      rule: 'generally about 40 characters on Android apps other than Gmail',
      source: SOURCE.lengthTable,
    },
    PREVIEW_FROM_HTML,
    {
      what: 'avatar, font, sizes and colours',
      rule: 'initials in a circle, One UI’s black dark mode, 16 px sender',
      source: 'not published by Samsung',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
};
