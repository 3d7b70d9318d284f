import { escapeUTF8 as escape } from 'entities';
import { createHash } from 'node:crypto';
import type { SharedView } from '../../domain/shares/shared-view';

/** The page's one stylesheet, inline: the CSP allows it by its hash and nothing else. */
const STYLE = `
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2330;background:#f4f6f9}
header{background:#fff;border-bottom:1px solid #dde2ea;padding:16px 24px}
header h1{margin:0 0 4px;font-size:20px;word-break:break-word}
header p{margin:0;color:#5b6474;font-size:13px}
main{padding:8px 24px 32px}
h2{font-size:16px;margin:24px 0 10px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:14px;list-style:none;margin:0;padding:0}
.grid li{background:#fff;border:1px solid #dde2ea;border-radius:6px;overflow:hidden}
.grid a{display:block;color:inherit;text-decoration:none}
.grid img{display:block;width:100%;height:auto;background:#eef1f5}
.grid span{display:block;padding:6px 8px;font-size:12px}
.grid small{color:#5b6474}
.inbox img{max-width:100%;border:1px solid #dde2ea;border-radius:6px;background:#fff}
.inbox figure{margin:0 0 14px}
table{border-collapse:collapse;background:#fff;width:100%;font-size:13px}
td,th{border:1px solid #dde2ea;padding:5px 8px;text-align:left;vertical-align:top}
.error{color:#a1260d}.warning{color:#8a5a00}.info{color:#245a9c}
.empty{color:#5b6474}
`;

/** `'sha256-…'`, the CSP source of the inline stylesheet. */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * A share page: server-rendered HTML with no script. Every text that came from the email (its
 * subject, sender, the checks' elements) is hostile input and is escaped; every URL is built
 * by the service and escaped too.
 */
export function sharePage(view: SharedView): string {
  const subject = view.email.subject || '(no subject)';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(subject)} · Instant Preview</title>
<style>${STYLE}</style></head>
<body>
<header><h1>${escape(subject)}</h1>
<p>${view.email.from ? `From ${escape(view.email.from)} · ` : ''}uploaded ${when(view.email.created_at)} · this page expires ${when(view.expires_at)}</p></header>
<main>
<h2>Previews (${view.previews.length})</h2>
${previews(view)}
<h2>Inbox views (${view.inbox.length})</h2>
${inbox(view)}
<h2>Checks</h2>
${checks(view)}
<h2>Deliverability</h2>
${deliverability(view)}
</main></body></html>
`;
}

function previews(view: SharedView): string {
  if (!view.previews.length) return '<p class="empty">No client has been captured yet.</p>';
  const tiles = view.previews.map(
    (preview) => `<li><a href="${escape(preview.full_url)}">
<img src="${escape(preview.thumb_url)}" alt="${escape(preview.name)}" loading="lazy">
<span>${escape(preview.name)} <small>${escape(preview.images)}, ${escape(preview.orientation)}</small></span></a></li>`,
  );
  return `<ul class="grid">${tiles.join('\n')}</ul>`;
}

function inbox(view: SharedView): string {
  if (!view.inbox.length) return '<p class="empty">No inbox view has been drawn yet.</p>';
  const figures = view.inbox.map(
    (each) => `<figure><img src="${escape(each.image_url)}" alt="${escape(each.name)} message list">
<figcaption>${escape(each.name)}, ${escape(each.appearance)}</figcaption></figure>`,
  );
  return `<div class="inbox">${figures.join('\n')}</div>`;
}

function checks(view: SharedView): string {
  if (view.checks === null)
    return `<p class="empty">The checks are unavailable now: ${escape(view.checks_unavailable ?? '')}</p>`;
  if (!view.checks.length) return '<p class="empty">No finding.</p>';
  const rows = view.checks.map(
    (finding) => `<tr><td class="${escape(finding.severity)}">${escape(finding.severity)}</td>
<td>${escape(finding.message)}${finding.element ? `<br><code>${escape(finding.element)}</code>` : ''}</td>
<td>${escape(finding.clients?.join(', ') ?? 'all')}</td><td>${escape(finding.source)}</td></tr>`,
  );
  return `<table><thead><tr><th>Severity</th><th>Finding</th><th>Clients</th><th>Source</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

function deliverability(view: SharedView): string {
  const link = `<p>The spam score is made on request: <a href="${escape(view.deliverability_url)}">the deliverability answer</a> (JSON).</p>`;
  if (!view.authentication)
    return `<p class="empty">Authentication has not been checked yet.</p>${link}`;
  const rows = Object.entries(view.authentication).map(
    ([method, verdict]) =>
      `<tr><th>${escape(method.toUpperCase())}</th><td>${escape(verdict.result ?? '')}</td><td>${escape(verdict.reason ?? '')}</td></tr>`,
  );
  return `<table><tbody>${rows.join('\n')}</tbody></table>${link}`;
}
