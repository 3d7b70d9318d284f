// The admin and billing console's panels and wiring, over console-core.js (loaded first).

function showTab(name) {
  for (const tab of document.querySelectorAll('.tab')) tab.hidden = tab.id !== name;
  for (const button of document.querySelectorAll('#tabs button'))
    button.setAttribute('aria-current', button.dataset.tab === name ? 'page' : 'false');
  const loaders = {
    applications: loadApplications,
    users: loadUsers,
    'staff-keys': loadStaffKeys,
    audit: loadAudit,
    usage: loadUsage,
  };
  run(loaders[name]);
}

// Sign-in: an admin key reads the admin API; a billing key is refused there and reads usage.
async function signIn(key) {
  sessionStorage.setItem(KEY, key);
  touch();
  try {
    await api('/v1/admin/applications');
    role = 'admin';
  } catch (error) {
    if (error.status !== 403) return signOut(error.status === 401 ? 'That key was refused.' : error.message);
    role = 'billing';
  }
  $('sign-in').hidden = true;
  $('tabs').hidden = false;
  $('sign-out').hidden = false;
  $('who').textContent = role === 'admin' ? 'Signed in with an admin key' : 'Signed in with a billing key';
  for (const button of document.querySelectorAll('#tabs .admin-only')) button.hidden = role !== 'admin';
  showTab(role === 'admin' ? 'applications' : 'usage');
}

// Applications.
async function loadApplications() {
  const applications = await api('/v1/admin/applications');
  clear('app-table');
  for (const app of applications)
    row(
      'app-table',
      [app.name, app.client_id, app.callback_uris.join(' '), app.counts.captures, app.counts.webhooks, app.disabled ? 'disabled' : 'enabled'],
      [[`Manage ${app.name}`, () => manage(app.client_id)]],
    );
  if (selected) await manage(selected);
}

function showSecrets(entries) {
  const list = $('secrets-list');
  list.replaceChildren();
  for (const [name, value] of entries) {
    if (value == null) continue;
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    const code = document.createElement('code');
    code.textContent = value;
    dd.append(code);
    list.append(dt, dd);
  }
  $('secrets').hidden = false;
}

async function manage(clientId) {
  selected = clientId;
  const app = await api(`/v1/admin/applications/${encodeURIComponent(clientId)}`);
  $('app-detail').hidden = false;
  $('app-detail-title').textContent = `${app.name} (${app.client_id})`;
  $('toggle-app').textContent = app.disabled ? 'Enable' : 'Disable';
  $('toggle-app').dataset.disabled = String(app.disabled);
  $('rotate-secret').hidden = app.public;
  const webhooks = await api(`/v1/admin/applications/${encodeURIComponent(clientId)}/webhooks`);
  clear('webhook-table');
  for (const hook of webhooks) {
    const deliveries = hook.recent_deliveries.map((d) => `${d.event}: ${d.status}${d.last_status ? ` (${d.last_status})` : ''}`);
    row('webhook-table', [hook.url, hook.events.join(', '), hook.failing_since || '', deliveries.join('; ') || 'none yet']);
  }
}

// Users and staff keys.
async function loadUsers() {
  const users = await api('/v1/admin/users');
  clear('user-table');
  for (const user of users) {
    const action = user.disabled ? 'enable' : 'disable';
    row('user-table', [user.email, user.name, user.disabled ? 'disabled' : 'enabled'], [
      [`${action === 'enable' ? 'Enable' : 'Disable'} ${user.email}`, async () => {
        await api(`/v1/admin/users/${encodeURIComponent(user.id)}/${action}`, { method: 'POST' });
        await loadUsers();
      }],
    ]);
  }
}

async function loadStaffKeys() {
  const keys = await api('/v1/admin/staff-keys');
  clear('staff-table');
  for (const key of keys)
    row('staff-table', [key.name, key.role, key.revoked ? 'revoked' : 'active'], key.revoked ? [] : [
      [`Revoke ${key.name}`, async () => {
        await api(`/v1/admin/staff-keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' });
        await loadStaffKeys();
      }],
    ]);
}

async function loadAudit() {
  const action = $('audit-action').value.trim();
  const query = new URLSearchParams({ page: String(auditPage), per_page: '25' });
  if (action) query.set('action', action);
  const log = await api(`/v1/admin/audit?${query}`);
  clear('audit-table');
  for (const event of log.events)
    row('audit-table', [event.at, event.staff_key.name, event.action, `${event.target.type} ${event.target.id}`, event.address]);
  const pages = Math.max(1, Math.ceil(log.total / log.per_page));
  $('audit-page').textContent = `Page ${log.page} of ${pages}`;
  $('audit-prev').disabled = log.page <= 1;
  $('audit-next').disabled = log.page >= pages;
}

// Usage: one chart, the table of its numbers, and the API's CSV of the same query.
function usageQuery() {
  const month = $('usage-month').value;
  const group = $('usage-group').value;
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const start = group === 'month' ? new Date(Date.UTC(year, number - 12, 1)) : new Date(Date.UTC(year, number - 1, 1));
  const query = new URLSearchParams({
    from: start.toISOString().slice(0, 10),
    to: `${month}-${String(last).padStart(2, '0')}`,
    group_by: group,
  });
  if (group === 'end_user') query.set('top', '20');
  return query;
}

const KEY_LABELS = { day: 'Day', client: 'Client', application: 'Application', end_user: 'End user', month: 'Month' };

async function loadUsage() {
  if (!$('usage-month').value) $('usage-month').value = new Date().toISOString().slice(0, 7);
  const query = usageQuery();
  const report = await api(`/v1/billing/usage?${query}`);
  const labels = report.rows.map((r) => (r.key == null ? '(no end_user_id)' : r.key));
  $('usage-key').textContent = KEY_LABELS[report.group_by];
  clear('usage-table');
  for (const [i, r] of report.rows.entries()) row('usage-table', [labels[i], r.captures, r.unique_end_users]);
  $('usage-total-captures').textContent = String(report.totals.captures);
  $('usage-total-users').textContent = String(report.totals.unique_end_users);
  $('usage-caption').textContent = `${$('usage-group').selectedOptions[0].textContent}, ${report.from} to ${report.to}`;
  const data = {
    labels,
    datasets: [
      { label: 'Captures', data: report.rows.map((r) => r.captures), backgroundColor: '#1f5fbf' },
      { label: 'Unique end users', data: report.rows.map((r) => r.unique_end_users), backgroundColor: '#b35900' },
    ],
  };
  if (chart) chart.destroy();
  chart = new window.Chart($('usage-chart'), {
    type: 'bar',
    data,
    options: { animation: false, responsive: true, scales: { y: { beginAtZero: true } } },
  });
}

async function downloadCsv() {
  const query = usageQuery();
  query.set('format', 'csv');
  const response = await api(`/v1/billing/usage?${query}`, { raw: true });
  if (!response.ok) throw new Error(`CSV download failed: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `usage-${query.get('group_by')}-${$('usage-month').value}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function wire() {
  $('sign-in-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const key = $('staff-key').value.trim();
    $('staff-key').value = '';
    run(() => signIn(key));
  });
  $('sign-out').addEventListener('click', () => signOut());
  for (const button of document.querySelectorAll('#tabs button'))
    button.addEventListener('click', () => showTab(button.dataset.tab));
  $('app-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(async () => {
      const issued = await api('/v1/admin/applications', {
        method: 'POST',
        body: { name: $('app-name').value, callback_uris: [$('app-callback').value] },
      });
      $('app-form').reset();
      showSecrets([['client_id', issued.client_id], ['client_secret', issued.client_secret], ['api_key', issued.api_key]]);
      await loadApplications();
    });
  });
  $('secrets-done').addEventListener('click', () => {
    $('secrets-list').replaceChildren();
    $('secrets').hidden = true;
  });
  $('callback-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(async () => {
      await api(`/v1/admin/applications/${encodeURIComponent(selected)}`, {
        method: 'PATCH',
        body: { add_callback_uris: [$('new-callback').value] },
      });
      $('callback-form').reset();
      await loadApplications();
    });
  });
  $('rotate-key').addEventListener('click', () =>
    run(async () => {
      const issued = await api(`/v1/admin/applications/${encodeURIComponent(selected)}/api-key`, { method: 'POST' });
      showSecrets([['api_key', issued.api_key]]);
    }),
  );
  $('rotate-secret').addEventListener('click', () =>
    run(async () => {
      const issued = await api(`/v1/admin/applications/${encodeURIComponent(selected)}/client-secret`, { method: 'POST' });
      showSecrets([['client_secret', issued.client_secret]]);
    }),
  );
  $('toggle-app').addEventListener('click', () =>
    run(async () => {
      const action = $('toggle-app').dataset.disabled === 'true' ? 'enable' : 'disable';
      await api(`/v1/admin/applications/${encodeURIComponent(selected)}/${action}`, { method: 'POST' });
      await loadApplications();
    }),
  );
  $('user-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(async () => {
      await api('/v1/admin/users', {
        method: 'POST',
        body: { email: $('user-email').value, name: $('user-name').value, password: $('user-password').value },
      });
      $('user-form').reset();
      await loadUsers();
    });
  });
  $('staff-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(async () => {
      const created = await api('/v1/admin/staff-keys', {
        method: 'POST',
        body: { name: $('staff-name').value, role: $('staff-role').value },
      });
      $('staff-form').reset();
      showSecrets([['staff key', created.key]]);
      await loadStaffKeys();
    });
  });
  $('audit-form').addEventListener('submit', (event) => {
    event.preventDefault();
    auditPage = 1;
    run(loadAudit);
  });
  $('audit-prev').addEventListener('click', () => ((auditPage -= 1), run(loadAudit)));
  $('audit-next').addEventListener('click', () => ((auditPage += 1), run(loadAudit)));
  $('usage-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run(loadUsage);
  });
  $('usage-group').addEventListener('change', () => run(loadUsage));
  $('usage-csv').addEventListener('click', () => run(downloadCsv));
  for (const type of ['keydown', 'pointerdown']) document.addEventListener(type, () => sessionStorage.getItem(KEY) && touch());
  setInterval(() => {
    const seen = Number(sessionStorage.getItem(SEEN) || 0);
    if (sessionStorage.getItem(KEY) && Date.now() - seen > IDLE_MS) signOut('Signed out after 15 minutes without use.');
  }, 10_000);
  const kept = sessionStorage.getItem(KEY);
  const seen = Number(sessionStorage.getItem(SEEN) || 0);
  if (kept && Date.now() - seen <= IDLE_MS) run(() => signIn(kept));
  else signOut();
}

wire();
