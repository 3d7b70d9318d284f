import type { ClientProfile } from '../profile/client-profile';

/** One statement of what a client's list shows, with where it is written. */
export interface InboxNote {
  what: string;
  rule: string;
  source: string;
  /** No public page documents it: chosen to look like the client, and said so. */
  assumed?: true;
}

export type Appearance = 'light' | 'dark';

/** The colours of a list in one appearance. */
export interface Palette {
  background: string;
  /** An unread row's background where it differs from a read one's. */
  unread: string;
  text: string;
  muted: string;
  /** The unread mark (dot, bar) and, where the client does so, an unread subject's colour. */
  accent: string;
  divider: string;
  /** The bars that stand for the neutral rows' text. */
  placeholder: string;
  avatar: string;
  avatarText: string;
}

/** Gmail web and Yahoo: sender, then subject and preview on one line, date at the end. */
export interface OneLineShape {
  kind: 'one-line';
  rowHeight: number;
  fontSize: number;
  senderWidth: number;
  /** Room for the check box and star before the sender. */
  lead: number;
  dateWidth: number;
}

/** Phones, Apple Mail, Outlook: sender, subject and preview on lines of their own. */
export interface StackedShape {
  kind: 'stacked';
  padding: [number, number];
  senderSize: number;
  subjectSize: number;
  previewSize: number;
  dateSize: number;
  /** How many lines the preview may take (0: the client shows none). */
  previewLines: number;
  avatarSize?: number;
  unreadMark: 'dot' | 'bar' | 'none';
  /** An unread subject is drawn in the accent colour (Outlook). */
  accentSubject?: boolean;
  /** Font weights of an unread row's sender and subject (a read row's are regular). */
  senderWeight: number;
  subjectWeight: number;
  /** An unread row's date is drawn bold in the text's colour, not muted (the Gmail apps). */
  strongUnreadDate?: boolean;
  /** The date ends the subject's line, not the sender's (Outlook for Windows). */
  dateOnSubjectLine?: boolean;
}

/**
 * How one client family's message list looks: its width, font, row shape, colours, how much
 * preview it takes, whether it shows an avatar and a BIMI logo, how it writes the date; and
 * every one of these with its source (`notes`). Its family lists it (ClientFamily.inboxLayouts).
 */
export interface InboxLayout {
  id: string;
  title: string;
  /** The client code that stands for the family where a list of links names one. */
  example: string;
  matches(profile: ClientProfile): boolean;
  /** The list's width in CSS pixels. */
  width(profile: ClientProfile): number;
  /** A CSS font stack of installed fonts, and what it stands for. */
  font: { family: string; standsFor: string };
  shape: OneLineShape | StackedShape;
  palette: Record<Appearance, Palette>;
  /** The preview the client extracts is cut at this many characters (absent: the width cuts). */
  previewChars?: number;
  /** Versions whose list shows no preview line. */
  noPreview?: (profile: ClientProfile) => boolean;
  avatar: 'initials' | 'none';
  /** The client draws a sender's BIMI logo in the list (in place of the initials). */
  bimiInList: boolean;
  date: DateStyle;
  notes: InboxNote[];
}

export type DateStyle = 'time-or-month-day' | 'time-or-yesterday-or-numeric' | 'weekday-time';
