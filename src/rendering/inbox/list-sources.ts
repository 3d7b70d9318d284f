import type { InboxNote } from '../model/inbox-layout';

/** Public pages the list layouts cite (docs/research/inbox-views.md says what each holds). */
export const SOURCE = {
  litmusPreview: 'https://www.litmus.com/blog/the-ultimate-guide-to-preview-text-support',
  lengthTable:
    'https://themarketer.com/resources/knowledge-base/how-long-should-your-preview-texts-be',
  hiddenPreheader: 'https://dev.to/adamcoster/how-email-previews-work-1ije',
  gmailSnippet: 'https://beforeiblog.blogspot.com/2015/08/how-gmail-handles-preview-text.html',
  gmailOneLine: 'http://www.rocktheinbox.com/module-7/how-to-optimize-the-preview-text-for-mobile/',
  gmailBimi: 'https://www.googblogs.com/expanding-upon-gmail-security-with-bimi/',
  gmailAppBimi:
    'https://www.online-tech-tips.com/gmail-for-android-and-ios-now-supports-checkmark-for-verified-brands/',
  appleBimi: 'https://www.macrumors.com/2022/06/22/ios-16-mail-app-supports-bimi-brand-logos/',
  iosPreviewLines:
    'http://www.dummies.com/how-to/content/iphone-5-mail-contacts-calendars-settings.seriesId-342947.html',
  iosTextStyles: 'https://gist.github.com/zacwest/916d31da5d03405809c4',
  outlook2010Views: 'https://issuhub.com/view/index/4230?pageIndex=657',
  outlookNoBimi:
    'https://www.suped.com/knowledge/email-authentication/bimi/does-bimi-specify-the-location-of-the-svg-file',
  exchangeBestBody:
    'https://learn.microsoft.com/nl-nl/archive/blogs/devmsg/no-to-multiple-bodies-on-a-message',
  yahooBimi: 'https://developer.verizonmedia.com/mail/bimi/',
  mobilePattern: 'https://www.inboxeagle.com/learn/email-templates/email-preheader',
} as const;

/** Where every HTML client's preview comes from: the first text, hidden preheader included. */
export const PREVIEW_FROM_HTML: InboxNote = {
  what: 'preview text',
  rule: 'the first text of the HTML body in document order, a hidden preheader included (the extractor ignores CSS); whitespace collapsed; the plain part only for an email without HTML',
  source: `${SOURCE.hiddenPreheader}; ${SOURCE.litmusPreview}`,
};

/** The views' own choices, the same in every family. */
export const VIEW_CONVENTIONS: InboxNote[] = [
  {
    what: 'date',
    rule: 'the time the email was uploaded, as received, in UTC and US English',
    source: 'this service: a list shows the reader’s locale and time zone, which a preview has not',
    assumed: true,
  },
  {
    what: 'other rows',
    rule: 'neutral bars stand for other messages, read; the email is the newest row, unread',
    source: 'this service',
  },
];
