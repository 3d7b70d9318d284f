import type { Preparation } from '../model/client-family';

/**
 * A message view never navigates away from the message: no client follows an email's
 * `<meta http-equiv="refresh">`, and the picture is of the first document. Chromium's router
 * answered such navigations with 204 (stay); WebKit and Gecko, reached only through a proxy,
 * cannot be answered for an https target, so the element goes before any engine sees it.
 */
export function removeMetaRefresh(p: Preparation): void {
  const refreshes = p
    .$('meta')
    .filter((_i, el) => (p.$(el).attr('http-equiv') ?? '').trim().toLowerCase() === 'refresh');
  if (refreshes.length === 0) return;
  refreshes.remove();
  p.report.add(
    'rule:meta-refresh',
    'A meta refresh is not followed: the message view stays on the message',
    '<meta http-equiv="refresh">',
    'containment: a message view does not navigate',
    refreshes.length,
  );
}
