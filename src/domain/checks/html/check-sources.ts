/**
 * The public references the static HTML checks follow, one place for all of them so a finding
 * always names the same text for the same rule. Each is a name a reader can search for and the
 * address where it is published.
 */
export const SOURCES = {
  nonTextContent:
    'WCAG 2.2 SC 1.1.1 Non-text Content (https://www.w3.org/TR/WCAG22/#non-text-content)',
  languageOfPage:
    'WCAG 2.2 SC 3.1.1 Language of Page (https://www.w3.org/TR/WCAG22/#language-of-page)',
  layoutTables:
    'WCAG 2.2 SC 1.3.1 Info and Relationships (https://www.w3.org/TR/WCAG22/#info-and-relationships), ' +
    'WAI-ARIA 1.2 presentation role (https://www.w3.org/TR/wai-aria-1.2/#presentation)',
  linkPurpose:
    'WCAG 2.2 SC 2.4.4 Link Purpose (In Context) (https://www.w3.org/TR/WCAG22/#link-purpose-in-context)',
  linkName:
    'WCAG 2.2 SC 2.4.4 Link Purpose (In Context) (https://www.w3.org/TR/WCAG22/#link-purpose-in-context), ' +
    'SC 4.1.2 Name, Role, Value (https://www.w3.org/TR/WCAG22/#name-role-value)',
  /** The a element: without href it is a placeholder, not a link; `#` goes to the top. */
  anchorElement:
    'HTML Living Standard: the a element (https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-a-element)',
  urlStandard: 'WHATWG URL Standard (https://url.spec.whatwg.org/)',
  securingTheWeb:
    'W3C TAG finding: Securing the Web, 2015 (https://www.w3.org/2001/tag/doc/web-https)',
  htmlWidth: 'caniemail: width attribute (https://www.caniemail.com/features/html-width/)',
  htmlHeight: 'caniemail: height attribute (https://www.caniemail.com/features/html-height/)',
  /** Its Outlook for Windows note: CSS width is not supported on `<img>`. */
  cssWidth: 'caniemail: width (https://www.caniemail.com/features/css-width/)',
  /** Lighthouse flags pages whose total payload exceeds 5,000 KiB. */
  networkPayloads:
    'Lighthouse: Avoid enormous network payloads (https://developer.chrome.com/docs/lighthouse/performance/total-byte-weight/)',
  /** What a client shows for an image it cannot load: the alt text, or a broken-image icon. */
  imgElement:
    'HTML Living Standard: the img element (https://html.spec.whatwg.org/multipage/embedded-content.html#the-img-element)',
  previewText:
    'Litmus: The Ultimate Guide to Preview Text (https://www.litmus.com/blog/the-ultimate-guide-to-preview-text-support)',
} as const;
