import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';
import { inboxLayoutOf, inboxLayouts } from '../../../../src/rendering/families/lookup';
import { formatDate, inboxPage, initialOf } from '../../../../src/rendering/inbox/inbox-page';

const profile = (code: string) => clientCatalog.find(code)!;

describe('inbox layouts', () => {
  it('gives each documented family a list, and none to clients without one', () => {
    const layoutOf = (code: string) => inboxLayoutOf(profile(code))?.id ?? null;
    expect(layoutOf('GMAILNEW')).toBe('gmail-web');
    expect(layoutOf('ANDROID14GMAILAPP')).toBe('gmail-app');
    expect(layoutOf('GMAILIOS')).toBe('gmail-app');
    expect(layoutOf('APPMAIL16')).toBe('apple-mail-mac');
    expect(layoutOf('IPHONE13')).toBe('ios-mail');
    expect(layoutOf('OL2019')).toBe('outlook-windows');
    expect(layoutOf('OUTLOOKCOM')).toBe('outlook-web');
    expect(layoutOf('OUTLOOKNEWWIN')).toBe('outlook-web');
    expect(layoutOf('YAHOO')).toBe('yahoo-web');
    expect(layoutOf('SAMSUNGMAIL')).toBe('samsung-email');
    expect(layoutOf('THUNDERBIRDLATEST')).toBeNull();
    expect(layoutOf('WINDOWS10MAIL')).toBeNull();
  });

  it('writes every rule with a source, and marks the assumed ones', () => {
    for (const layout of inboxLayouts()) {
      expect(layout.notes.length).toBeGreaterThan(2);
      for (const note of layout.notes) expect(note.source.length).toBeGreaterThan(3);
      expect(layout.notes.some((note) => note.assumed)).toBe(true);
    }
  });

  it('escapes the email’s texts into the page', () => {
    const page = inboxPage(
      inboxLayoutOf(profile('GMAILNEW'))!,
      profile('GMAILNEW'),
      {
        sender: '<script>x</script>',
        subject: '"><img src=x>',
        preview: '&amp;',
        received: new Date(),
      },
      'light',
      new Date(),
    );
    expect(page).not.toMatch(/<script>|<img/);
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('&amp;amp;');
  });

  it('shows no preview line in Outlook 2007 and 2010, one from Outlook 2013', () => {
    const outlook = inboxLayoutOf(profile('OL2019'))!;
    expect(outlook.noPreview?.(profile('OL2010'))).toBe(true);
    expect(outlook.noPreview?.(profile('OL2013'))).toBe(false);
  });
});

describe('formatDate and initialOf', () => {
  const now = new Date('2026-11-27T15:00:00Z');
  it('writes the time today, and each style’s older date', () => {
    const today = new Date('2026-11-27T09:41:00Z');
    const yesterday = new Date('2026-11-26T09:41:00Z');
    const older = new Date('2026-11-20T09:41:00Z');
    expect(formatDate('time-or-month-day', today, now)).toBe('9:41 AM');
    expect(formatDate('time-or-month-day', older, now)).toBe('Nov 20');
    expect(formatDate('time-or-yesterday-or-numeric', yesterday, now)).toBe('Yesterday');
    expect(formatDate('time-or-yesterday-or-numeric', older, now)).toBe('11/20/26');
    expect(formatDate('weekday-time', older, now)).toBe('Fri 9:41 AM');
  });
  it('takes a whole emoji or letter as the initial', () => {
    expect(initialOf('"acme" Outfitters')).toBe('A');
    expect(initialOf('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧');
    expect(initialOf('')).toBe('?');
  });
});
