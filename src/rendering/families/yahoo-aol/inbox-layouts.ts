import type { InboxLayout } from '../../model/inbox-layout';
import { PREVIEW_FROM_HTML, SOURCE, VIEW_CONVENTIONS } from '../../inbox/list-sources';

/** Yahoo Mail and AOL Mail on the web (one company, one list): one line per message. */
export const YAHOO_WEB_LIST: InboxLayout = {
  id: 'yahoo-web',
  example: 'YAHOO',
  title: 'Yahoo Mail and AOL Mail on the web',
  matches: () => true,
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
};
