/**
 * Prefs of every Firefox the service starts. Any request that is not intercepted would go to
 * a closed port (and Firefox's network namespace has no way out); page scripts are off, the
 * automation realm is not;
 * overlay scrollbars, as Thunderbird's message pane, or classic ones eat 12 px
 * (docs/engines.md#gecko).
 */
export function firefoxPrefs(scheme: 'light' | 'dark'): Record<string, unknown> {
  return {
    'javascript.enabled': false,
    'ui.useOverlayScrollbars': 1,
    // prefers-color-scheme is a browser-wide pref in Firefox: one browser per scheme.
    'layout.css.prefers-color-scheme.content-override': scheme === 'dark' ? 0 : 1,
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': 9,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': 9,
    'network.proxy.no_proxies_on': '',
    'network.proxy.allow_hijacking_localhost': true,
    'media.autoplay.default': 5,
    // The generic families of Windows (Thunderbird) and of Firefox there: Arial, Times New
    // Roman, Courier New, drawn with their metric clones as Blink draws them here, not
    // fontconfig's Noto or DejaVu. For the Western language group and for x-unicode, the
    // group of a document in UTF-8 that says no language (Thunderbird's message div says it).
    ...Object.fromEntries(
      ['x-western', 'x-unicode'].flatMap((group) => [
        [`font.name.sans-serif.${group}`, 'Liberation Sans'],
        [`font.name.serif.${group}`, 'Liberation Serif'],
        [`font.name.monospace.${group}`, 'Liberation Mono'],
      ]),
    ),
  };
}
