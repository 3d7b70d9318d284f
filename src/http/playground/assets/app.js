// The playground: a page over the public API only. The API key stays in this tab's
// sessionStorage. The grid's captures start with one prefetch call, and the email's event
// stream (server-sent events) fills each tile as its capture ends, failures included; a tile
// the stream cannot fill loads from the preview image endpoint instead.
'use strict';

const $ = (id) => document.getElementById(id);
const state = { clients: {}, guid: null, selected: null, events: null, tiles: new Map() };

function authHeader() {
  return 'Basic ' + btoa($('api-key').value.trim() + ':');
}

function options() {
  return {
    images: $('images-blocked').checked ? 'blocked' : 'allowed',
    orientation: $('horizontal').checked ? 'horizontal' : 'vertical',
  };
}

/** The options a client offers: horizontal only where it has it. */
function optionsFor(code) {
  const wanted = options();
  const offered = state.clients[code].orientation_options;
  return {
    images: wanted.images,
    orientation: offered.includes(wanted.orientation) ? wanted.orientation : 'vertical',
  };
}

function previewPath(code, suffix) {
  const query = new URLSearchParams(optionsFor(code));
  return `/v1/emails/${state.guid}/previews/${code}${suffix}?${query}`;
}

function setStatus(text, error = false) {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
}

function selectedCodes() {
  const group = document.querySelector('input[name=group]:checked').value;
  const all = Object.keys(state.clients);
  if (group === 'all') return all;
  if (group === 'dark') return all.filter((code) => state.clients[code].dark !== 'none');
  if (group === 'pick')
    return [...document.querySelectorAll('#client-list input:checked')].map((box) => box.value);
  return all.filter((code) => state.clients[code].group === group);
}

async function loadClients() {
  const response = await fetch('/v1/clients/configurations');
  state.clients = await response.json();
  const list = $('client-list');
  for (const [code, client] of Object.entries(state.clients)) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = code;
    label.append(box, ` ${client.name} (${code})`);
    list.append(label);
  }
}

async function createEmail() {
  const file = $('eml').files[0];
  const body = file ? { raw_source: await file.text() } : { html_text: $('html').value };
  const response = await fetch('/v1/emails', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authHeader() },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.description || answer.title);
  return answer.email_guid;
}

function renderGrid() {
  const grid = $('grid');
  grid.replaceChildren();
  state.tiles = new Map();
  const codes = selectedCodes();
  let done = 0;
  for (const code of codes) {
    const tile = document.createElement('button');
    tile.type = 'button';
    tile.className = 'tile';
    tile.dataset.client = code;
    const name = document.createElement('div');
    name.className = 'name';
    name.textContent = state.clients[code].name;
    const status = document.createElement('div');
    status.className = 'state';
    status.textContent = 'capturing…';
    const frame = document.createElement('div');
    frame.className = 'frame';
    const image = document.createElement('img');
    image.alt = `${state.clients[code].name} preview`;
    image.loading = 'lazy';
    const finished = (text, failed) => {
      if (tile.dataset.state) return;
      status.textContent = text;
      tile.classList.toggle('failed', failed);
      tile.dataset.state = failed ? 'failed' : 'done';
      setStatus(`${++done} of ${codes.length} previews`);
      // Contrast is read from the captures: checked again once all have ended.
      if (done === codes.length) loadChecks();
    };
    image.addEventListener('load', () => finished('done', false));
    image.addEventListener('error', () => finished('failed', true));
    frame.append(image);
    tile.append(name, status, frame);
    tile.addEventListener('click', () => showDetail(code));
    grid.append(tile);
    state.tiles.set(code, {
      show: (url) => image.src || (image.src = url),
      fail: (text) => finished(text, true),
    });
  }
  setStatus(`0 of ${codes.length} previews`);
  if (state.selected && codes.includes(state.selected)) showDetail(state.selected);
  followCaptures(codes).catch(() => {
    for (const code of codes) state.tiles.get(code).show(previewPath(code, '/thumb450'));
  });
}

/** The tile of an event's configuration, if the grid shows that configuration now. */
function tileOf({ client, images, orientation }) {
  const wanted = state.tiles.has(client) && optionsFor(client);
  if (!wanted || wanted.images !== images || wanted.orientation !== orientation) return null;
  return state.tiles.get(client);
}

/** Opens the email's event stream, then starts the grid's captures with one prefetch call. */
async function followCaptures(codes) {
  state.events?.close();
  const events = new EventSource(`/v1/emails/${state.guid}/events`);
  state.events = events;
  const on = (type, handle) =>
    events.addEventListener(type, (message) => handle(JSON.parse(message.data).data));
  on('capture.completed', (data) => tileOf(data)?.show(data.thumb450_url));
  on('capture.failed', (data) => tileOf(data)?.fail(`failed: ${data.status} ${data.description}`));
  // Configurations captured before (nothing new to capture) end here.
  on('prefetch.completed', (data) => {
    for (const outcome of data.outcomes) {
      const tile = tileOf(outcome);
      if (!tile) continue;
      if (outcome.status === 200) tile.show(previewPath(outcome.client, '/thumb450'));
      else tile.fail(`failed: ${outcome.status} ${outcome.description}`);
    }
  });
  await new Promise((resolve, reject) => {
    events.addEventListener('open', resolve, { once: true });
    events.addEventListener('error', () => reject(new Error('no event stream')), { once: true });
  });
  const response = await fetch(`/v1/emails/${state.guid}/previews/prefetch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authHeader() },
    body: JSON.stringify({
      configurations: codes.map((code) => ({ client: code, ...optionsFor(code) })),
    }),
  });
  if (!response.ok) {
    const answer = await response.json();
    setStatus(answer.description || answer.title, true);
    throw new Error('prefetch refused');
  }
}

async function showDetail(code) {
  state.selected = code;
  for (const tile of document.querySelectorAll('.tile'))
    tile.classList.toggle('selected', tile.dataset.client === code);
  const { images, orientation } = optionsFor(code);
  $('detail').hidden = false;
  $('detail-title').textContent = `${state.clients[code].name} · images ${images} · ${orientation}`;
  $('full').src = previewPath(code, '/full');
  $('full-link').href = previewPath(code, '/full');
  showFidelity(code);
  const rows = $('report').tBodies[0];
  rows.replaceChildren();
  $('report-summary').textContent = 'Loading…';
  const response = await fetch(previewPath(code, '/report'));
  if (!response.ok) {
    $('report-summary').textContent = 'Not captured yet: open it again once its preview shows.';
    return;
  }
  const report = await response.json();
  $('report-summary').textContent = report.entries.length
    ? `${report.entries.length} behaviours of ${state.clients[code].name} applied to this email.`
    : 'Nothing in this email was dropped or changed for this client.';
  for (const entry of report.entries) {
    const row = rows.insertRow();
    for (const text of [entry.title, entry.where, String(entry.count), entry.source])
      row.insertCell().textContent = text;
  }
}

async function preview() {
  if (!$('api-key').value.trim()) return setStatus('Enter an API key first.', true);
  sessionStorage.setItem('instant-preview-api-key', $('api-key').value.trim());
  $('preview').disabled = true;
  try {
    state.guid = await createEmail();
    state.selected = null;
    $('detail').hidden = true;
    renderGrid();
    emailCreated(state.guid);
  } catch (error) {
    setStatus(error.message, true);
  } finally {
    $('preview').disabled = false;
  }
}

document.addEventListener('DOMContentLoaded', () => {
  $('api-key').value = sessionStorage.getItem('instant-preview-api-key') || '';
  $('preview').addEventListener('click', preview);
  $('close').addEventListener('click', () => ($('detail').hidden = true));
  for (const radio of document.querySelectorAll('input[name=group]'))
    radio.addEventListener(
      'change',
      () => ($('client-list').hidden = radio.value !== 'pick' || !radio.checked),
    );
  for (const toggle of [$('images-blocked'), $('horizontal')])
    toggle.addEventListener('change', () => state.guid && renderGrid());
  loadClients().catch((error) => setStatus(`Could not load the clients: ${error.message}`, true));
});
