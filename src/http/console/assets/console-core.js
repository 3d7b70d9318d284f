// The admin and billing console (docs/operations.md#admin-console): plain script over the
// admin and billing APIs. The staff key is kept in this tab's sessionStorage and sent in the
// Authorization header (never a cookie, so no request can be forged from another site); it
// is forgotten after IDLE_MS without use. Every value from the API is written as text.
// This file: the session, the API call and the table helpers; console.js, loaded after it,
// the panels and their wiring (classic scripts: their top-level names are shared).
'use strict';

const IDLE_MS = 15 * 60 * 1000;
const KEY = 'instant-preview-staff-key';
const SEEN = 'instant-preview-staff-seen';
const $ = (id) => document.getElementById(id);

let role = null;
let chart = null;
let auditPage = 1;
let selected = null;

function touch() {
  sessionStorage.setItem(SEEN, String(Date.now()));
}

function signOut(message) {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(SEEN);
  role = null;
  for (const tab of document.querySelectorAll('.tab')) tab.hidden = true;
  $('tabs').hidden = true;
  $('sign-out').hidden = true;
  $('who').textContent = '';
  $('sign-in').hidden = false;
  $('sign-in-error').textContent = message || '';
}

function showError(message) {
  $('error').textContent = message || '';
}

/** One API call with the staff key; the contract's error body becomes the message shown. */
async function api(path, options = {}) {
  const key = sessionStorage.getItem(KEY);
  if (!key) throw new Error('Signed out');
  touch();
  const headers = { Authorization: `Basic ${btoa(`${key}:`)}` };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method || 'GET',
    headers: { ...headers, ...(options.headers || {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'omit',
  });
  if (options.raw) return response;
  if (response.status === 204) return null;
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((body && body.description) || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

/** A table row of text cells; `actions` appends buttons to the last cell. */
function row(table, cells, actions = []) {
  const tr = $(table).tBodies[0].insertRow();
  for (const text of cells) tr.insertCell().textContent = text == null ? '' : String(text);
  if (actions.length) {
    const cell = tr.insertCell();
    for (const [label, handler] of actions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.addEventListener('click', () => run(handler));
      cell.append(button);
    }
  }
  return tr;
}

function clear(table) {
  $(table).tBodies[0].replaceChildren();
}

/** Runs an action, showing its failure; a refused key signs out. */
async function run(action) {
  showError('');
  try {
    await action();
  } catch (error) {
    if (error.status === 401) return signOut('The key was refused or has expired.');
    showError(error.message);
  }
}
