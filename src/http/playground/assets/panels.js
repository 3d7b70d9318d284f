// The playground's two panels beside the grid, over the public API only: the email's pre-send
// checks (read again as its captures end: contrast comes from them), and a comparison of two
// emails previewed in this tab, client by client, with each diff image; and, in a client's
// detail, how far its previews can be trusted (its fidelity record).
'use strict';

const history = [];

/** Called by app.js for each email it creates: it joins the versions one can compare. */
function emailCreated(guid) {
  const label = `${history.length + 1}. ${new Date().toLocaleTimeString()} · ${guid.slice(0, 8)}`;
  history.push({ guid, label });
  for (const [select, pick] of [
    [$('compare-base'), history.length - 2],
    [$('compare-head'), history.length - 1],
  ]) {
    select.replaceChildren(...history.map((email) => new Option(email.label, email.guid)));
    select.selectedIndex = Math.max(0, pick);
  }
  $('compare').disabled = history.length < 2;
  loadChecks();
}

async function loadChecks() {
  const guid = state.guid;
  const list = $('checks-list');
  $('checks-summary').textContent = 'Checking…';
  const response = await fetch(`/v1/emails/${guid}/checks`);
  if (guid !== state.guid) return; // another email since
  const answer = await response.json();
  if (!response.ok) {
    $('checks-summary').textContent = answer.description || answer.title;
    return;
  }
  list.replaceChildren();
  showBeforeOpening(guid, answer.links);
  $('checks-summary').textContent = answer.checks.length
    ? `${answer.checks.length} findings`
    : 'No findings: nothing to fix before sending.';
  for (const check of answer.checks) {
    const item = document.createElement('li');
    item.className = `finding ${check.severity}`;
    item.dataset.check = check.id;
    const head = document.createElement('strong');
    head.textContent = `${check.severity} · ${check.id}`;
    const message = document.createElement('p');
    message.textContent = check.message;
    const source = document.createElement('small');
    const where = [check.element, check.clients && check.clients.join(', ')].filter(Boolean);
    source.textContent = [check.source, ...where].join(' · ');
    item.append(head, message, source);
    list.append(item);
  }
}

async function compareVersions() {
  const base = $('compare-base').value;
  const head = $('compare-head').value;
  const rows = $('compare-results');
  if (base === head) return setStatus('Pick two different versions to compare.', true);
  rows.replaceChildren();
  $('compare').disabled = true;
  $('compare-summary').textContent = 'Comparing…';
  try {
    const response = await fetch('/v1/comparisons', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authHeader() },
      body: JSON.stringify({
        base_email_guid: base,
        head_email_guid: head,
        clients: selectedCodes(),
        ...options(),
      }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.description || answer.title);
    const changed = answer.results.filter((result) => result.changed_pixels > 0);
    $('compare-summary').textContent =
      `${changed.length} of ${answer.results.length} clients changed`;
    for (const result of answer.results) {
      const row = document.createElement('figure');
      row.className = 'diff';
      row.dataset.client = result.client;
      const caption = document.createElement('figcaption');
      const name = state.clients[result.client]?.name ?? result.client;
      caption.textContent = `${name}: ${(result.changed_ratio * 100).toFixed(2)} % changed (${result.changed_pixels} px)`;
      const link = document.createElement('a');
      link.href = result.diff_url;
      link.target = '_blank';
      link.rel = 'noopener';
      const image = document.createElement('img');
      image.alt = `What changed in ${name}`;
      image.src = result.diff_url;
      link.append(image);
      row.append(caption, link);
      rows.append(row);
    }
  } catch (error) {
    $('compare-summary').textContent = error.message;
  } finally {
    $('compare').disabled = history.length < 2;
  }
}

document.addEventListener('DOMContentLoaded', () => {
  $('compare').addEventListener('click', compareVersions);
  $('checks-refresh').addEventListener('click', () => state.guid && loadChecks());
});

/** Called by app.js when a client's detail opens: its fidelity record, whatever the email. */
async function showFidelity(code) {
  const rows = $('fidelity').tBodies[0];
  rows.replaceChildren();
  const agreementText = (agreement) =>
    agreement.rate === null
      ? 'no conformance render of this client decides an entry'
      : `its renders of caniemail's tests agree with caniemail on ` +
        `${(agreement.rate * 100).toFixed(1)} % of ${agreement.decided} decided entries`;
  $('fidelity-summary').textContent = 'Loading…';
  const response = await fetch(`/v1/clients/${encodeURIComponent(code)}/fidelity`);
  if (!response.ok) return void ($('fidelity-summary').textContent = 'No fidelity record.');
  const record = await response.json();
  const { engine, summary } = record;
  const instead = engine.instead_of ? ` in place of ${engine.instead_of.engine}` : '';
  const fonts = record.fonts.stand_ins.map((font) => `${font.name} as ${font.drawn_with}`);
  const { versions, engine_release: release } = record;
  const removed = release
    ? ` What ${release.release} lacked is removed where caniemail has no test at this version` +
      ` (${release.removed.length} features, ${release.source}).`
    : '';
  $('fidelity-summary').textContent =
    `${versions.client}, whose engine is ${versions.engine}.${removed} ` +
    `Drawn by ${engine.name} ${engine.version}${instead}. ` +
    `${summary.emulated} behaviours and caniemail entries proven by a render, ` +
    `${summary['not-emulated']} known and not emulated, ${summary['cannot-emulate']} out of reach, ` +
    `${summary.undecided} that no render here decides; ${agreementText(summary.agreement)}` +
    `${fonts.length ? `. Fonts standing in: ${fonts.join(', ')}` : ''}.`;
  for (const behaviour of record.behaviours) {
    const row = rows.insertRow();
    const proof = behaviour.proof ?? behaviour.reason ?? '';
    for (const text of [behaviour.behaviour, behaviour.status, behaviour.source, proof])
      row.insertCell().textContent = text;
  }
}
