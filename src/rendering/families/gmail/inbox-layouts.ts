import type { InboxLayout } from '../../model/inbox-layout';
import { PREVIEW_FROM_HTML, SOURCE, VIEW_CONVENTIONS } from '../../inbox/list-sources';

const ROBOTO = "Roboto, 'Noto Sans', sans-serif";
const isApp = (platform: string) => /^(Android|iOS)/.test(platform);

/** Gmail on the web: one line per message, the snippet after the subject, in grey. */
export const GMAIL_WEB_LIST: InboxLayout = {
  id: 'gmail-web',
  example: 'GMAILNEW',
  title: 'Gmail on the web (default density)',
  matches: (profile) => !isApp(profile.platform),
  width: (profile) => profile.viewport.width,
  font: { family: ROBOTO, standsFor: 'Google Sans and Roboto (Google Sans is not installed here)' },
  shape: {
    kind: 'one-line',
    rowHeight: 40,
    fontSize: 14,
    senderWidth: 200,
    lead: 72,
    dateWidth: 72,
  },
  palette: {
    light: {
      background: '#f2f6fc',
      unread: '#ffffff',
      text: '#202124',
      muted: '#5f6368',
      accent: '#0b57d0',
      divider: '#e8eaed',
      placeholder: '#dadce0',
      avatar: '#5f6368',
      avatarText: '#ffffff',
    },
    dark: {
      background: '#1b1b1b',
      unread: '#2d2e30',
      text: '#e8eaed',
      muted: '#9aa0a6',
      accent: '#a8c7fa',
      divider: '#3c4043',
      placeholder: '#3c4043',
      avatar: '#9aa0a6',
      avatarText: '#202124',
    },
  },
  previewChars: 100,
  avatar: 'none',
  bimiInList: false,
  date: 'time-or-month-day',
  notes: [
    {
      what: 'row',
      rule: 'sender, then subject and snippet on one line, the snippet in grey after the subject, which pushes it out when long; unread rows bold',
      source: `${SOURCE.gmailOneLine}; ${SOURCE.gmailSnippet}`,
    },
    {
      what: 'snippet length',
      rule: 'the snippet is cut at about 100 characters ("consistently between 90 and 101"), then by the row’s width; 97 in the common length table',
      source: `${SOURCE.gmailSnippet}; ${SOURCE.lengthTable}`,
    },
    PREVIEW_FROM_HTML,
    {
      what: 'avatar',
      rule: 'no avatar column in the default list; the BIMI logo shows as the sender’s avatar in the opened message',
      source: SOURCE.gmailBimi,
      assumed: true,
    },
    {
      what: 'font, sizes and colours',
      rule: '14 px text on 40 px rows, grey #5f6368 snippet and date, a white unread row on a tinted list',
      source:
        'no Google documentation; measured from the 2022 web interface by a third-party clone (github.com/arturoromero/gmail-clone)',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
};

/** The Gmail apps: avatar, sender and date, subject, one line of snippet. */
export const GMAIL_APP_LIST: InboxLayout = {
  id: 'gmail-app',
  example: 'ANDROID14GMAILAPP',
  title: 'Gmail app (Android and iOS)',
  matches: (profile) => isApp(profile.platform),
  width: (profile) => profile.viewport.width,
  font: { family: ROBOTO, standsFor: 'Roboto (Android) and the app’s own Google Sans' },
  shape: {
    kind: 'stacked',
    padding: [12, 16],
    senderSize: 16,
    subjectSize: 14,
    previewSize: 14,
    dateSize: 12,
    previewLines: 1,
    avatarSize: 40,
    unreadMark: 'none',
    senderWeight: 700,
    subjectWeight: 700,
    strongUnreadDate: true,
  },
  palette: {
    light: {
      background: '#ffffff',
      unread: '#ffffff',
      text: '#1f1f1f',
      muted: '#5f6368',
      accent: '#0b57d0',
      divider: '#ffffff',
      placeholder: '#e3e3e3',
      avatar: '#7b1fa2',
      avatarText: '#ffffff',
    },
    dark: {
      background: '#1f1f1f',
      unread: '#1f1f1f',
      text: '#ffffff',
      muted: '#9aa0a6',
      accent: '#a8c7fa',
      divider: '#1f1f1f',
      placeholder: '#3c4043',
      avatar: '#ce93d8',
      avatarText: '#1f1f1f',
    },
  },
  previewChars: 90,
  avatar: 'initials',
  bimiInList: true,
  date: 'time-or-month-day',
  notes: [
    {
      what: 'row',
      rule: 'sender and date, subject, then the snippet on lines of their own ("the subject line and the pre-header text are completely independent"); an unread row’s sender, subject and time bright and bold, its snippet grey',
      source: `${SOURCE.gmailOneLine}; ${SOURCE.litmusPreview}; https://iphoneitalia.com/?p=709616`,
    },
    {
      what: 'snippet length',
      rule: '90 characters on the iOS app; Android varies with the screen',
      source: SOURCE.lengthTable,
    },
    PREVIEW_FROM_HTML,
    {
      what: 'avatar',
      rule: 'initials in a circle; a BIMI logo in its place for senders that pass BIMI (apps since September 2024)',
      source: `${SOURCE.gmailAppBimi}; ${SOURCE.gmailBimi}`,
    },
    {
      what: 'dark',
      rule: 'a dark grey rather than black background, white sender, subject and time on unread rows, grey snippet',
      source: 'https://iphoneitalia.com/?p=709616 (exact colours not published)',
    },
    {
      what: 'font and sizes',
      rule: '16 px sender, 14 px subject and snippet, 40 px avatar',
      source: 'not published',
      assumed: true,
    },
    ...VIEW_CONVENTIONS,
  ],
};
