// The playground's "before the reader opens it" panels, over the public API only: the email's
// spam score and authentication (GET /v1/emails/<guid>/deliverability), and its row in each
// family's message list, light and dark (the inbox views the checks answer links to).
'use strict';

/** The email these panels show: they depend on the email alone, not on its captures. */
let beforeOpeningOf = null;

/**
 * Called by panels.js with the checks answer's links, each time the checks are read (again as
 * captures end); the panels load once per email.
 */
function showBeforeOpening(guid, links) {
  if (beforeOpeningOf === guid) return;
  beforeOpeningOf = guid;
  loadDeliverability(guid, links.deliverability);
  const views = $('inbox-views');
  views.replaceChildren();
  for (const [code, url] of Object.entries(links.inbox)) {
    const figure = document.createElement('figure');
    figure.className = 'inbox-view';
    figure.dataset.client = code;
    const caption = document.createElement('figcaption');
    caption.textContent = state.clients[code]?.name ?? code;
    figure.append(caption);
    for (const appearance of ['light', 'dark']) {
      const image = document.createElement('img');
      image.alt = `${caption.textContent}, ${appearance}: the email's row in the message list`;
      image.loading = 'lazy';
      image.src = `${new URL(url).pathname}/image?appearance=${appearance}`;
      figure.append(image);
    }
    views.append(figure);
  }
}

async function loadDeliverability(guid, url) {
  const summary = $('deliverability-summary');
  const list = $('deliverability-list');
  summary.textContent = 'Scoring…';
  list.replaceChildren();
  const response = await fetch(new URL(url).pathname);
  if (guid !== state.guid) return; // another email since
  const answer = await response.json();
  if (!response.ok) return void (summary.textContent = answer.description || answer.title);
  const { spam, authentication: auth } = answer;
  const score = spam.not_scanned
    ? `Spam score: ${spam.not_scanned}.`
    : `Spam score ${spam.score} of ${spam.threshold} (${spam.is_spam ? 'spam' : 'not spam'}, ` +
      `${spam.scanned_by}).`;
  summary.textContent =
    `${score} DKIM ${auth.dkim.result}, SPF ${auth.spf.result}, ` +
    `DMARC ${auth.dmarc.result}, ARC ${auth.arc.result}, BIMI ${auth.bimi.result}. ${answer.message}.`;
  const item = (head, text) => {
    const entry = document.createElement('li');
    const strong = document.createElement('strong');
    strong.textContent = head;
    const body = document.createElement('p');
    body.textContent = text;
    entry.append(strong, body);
    list.append(entry);
  };
  for (const signature of auth.dkim.signatures)
    item(`DKIM ${signature.result} · d=${signature.domain} s=${signature.selector}`, signature.reason ?? '');
  for (const check of ['dkim', 'spf', 'dmarc', 'bimi'])
    if (auth[check].reason) item(`${check.toUpperCase()} ${auth[check].result}`, auth[check].reason);
  for (const rule of spam.rules) item(`${rule.score > 0 ? '+' : ''}${rule.score} · ${rule.name}`, rule.description);
}
