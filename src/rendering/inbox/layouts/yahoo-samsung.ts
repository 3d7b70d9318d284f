import { registerInboxLayout } from '../inbox-layout';
import { PREVIEW_FROM_HTML, SOURCE, VIEW_CONVENTIONS } from './sources';

/** Yahoo Mail and AOL Mail on the web (one company, one list): one line per message. */
registerInboxLayout({
  id: 'yahoo-web',
  example: 'YAHOO',
  title: 'Yahoo Mail and AOL Mail on the web',
  matches: (profile) => profile.family === 'yahoo-aol',
  width: (profile) => profile.viewport.width,
  font: {
    family: "'Liberation Sans', Arial, sans-serif",
    standsFor: 'Helvetica Neue and Arial (Liberation Sans has Arial’s metrics)',
  },
  shape: {
    kind: 'one-line',
    rowHeight: 40,
    fontSize: 13,
    senderWidth: 210,
    lead: 64,
    dateWidth: 72,
  },
  palette: {
    light: {
      background: '#ffffff',
      unread: '#ffffff',
      text: '#1d2228',
      muted: '#6e7780',
      accent: '#0f69ff',
      divider: '#f0f3f5',
      placeholder: '#e0e4e9',
      avatar: '#6e7780',
      avatarText: '#ffffff',
    },
    dark: {
      background: '#1d1d1f',
      unread: '#1d1d1f',
      text: '#f0f3f5',
      muted: '#a8b0b8',
      accent: '#5a9bff',
      divider: '#2f3236',
      placeholder: '#3a3d42',
      avatar: '#a8b0b8',
      avatarText: '#1d1d1f',
    },
  },
  avatar: 'none',
  bimiInList: false,
  date: 'time-or-month-day',
  notes: [
    {
      what: 'avatar',
      rule: 'BIMI logos show in the message list of the mobile apps and in the opened message on the web, not in the web list',
      source: SOURCE.yahooBimi,
    },
    {
      what: 'preview length',
      rule: 'varies on the web (45 to 50 characters in the apps; 75 in AOL’s)',
      source: SOURCE.lengthTable,
    },
    PREVIEW_FROM_HTML,
    {
      what: 'row, font, sizes and colours',
      rule: 'sender, then subject and preview on one line, date at the end, unread bold, 13 px',
      source: 'not published by Yahoo',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
});

/** Samsung Email on Android: avatar, sender and date, subject, one line of preview. */
registerInboxLayout({
  id: 'samsung-email',
  example: 'SAMSUNGMAIL',
  title: 'Samsung Email',
  matches: (profile) => profile.family === 'samsung-email',
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
});
