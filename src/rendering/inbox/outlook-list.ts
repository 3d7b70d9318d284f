/** What Outlook's message lists share, for the Outlook families' layouts. */
import { PREVIEW_FROM_HTML, SOURCE } from './list-sources';

/** Segoe UI is Windows's and not installed: Noto Sans, a humanist sans of the same kind. */
export const SEGOE_UI = "'Noto Sans', sans-serif";

export const OUTLOOK_PREVIEW = {
  ...PREVIEW_FROM_HTML,
  rule: `${PREVIEW_FROM_HTML.rule}; Exchange keeps the HTML body as the message text and makes plain text from it, so the sender's own plain part is not what shows`,
  source: `${PREVIEW_FROM_HTML.source}; ${SOURCE.exchangeBestBody}`,
};
export const NO_BIMI = {
  what: 'avatar',
  rule: 'no BIMI logo in any Outlook (Outlook.com, Microsoft 365, Exchange Online)',
  source: SOURCE.outlookNoBimi,
};

export const outlookPalette = (accent: string) => ({
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
