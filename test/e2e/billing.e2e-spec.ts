import request from 'supertest';
import { BillingReportCommand } from '../../src/commands/billing.commands';
import { createUser, FormUser } from '../support/oauth-agent';
import { authorizationCode, CALLBACK, tokenRequest } from '../support/oauth-flow';
import {
  basicAuth,
  createApplication,
  createBillingKey,
  IssuedApp,
  runCli,
} from '../support/run-cli';
import { SIMPLE_EMAIL } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

describe(`billing reports (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let staffKey: string;
  let appA: IssuedApp;
  let appB: IssuedApp;
  let userToken: string;
  let userAccount: string;

  async function capture(auth: string, endUserId: string | undefined, clients: string[]) {
    const body = { html_text: SIMPLE_EMAIL, ...(endUserId ? { end_user_id: endUserId } : {}) };
    const guid = (
      await request(t.url).post('/v1/emails').set('Authorization', auth).send(body).expect(200)
    ).body.email_guid;
    for (const client of clients) {
      await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(200);
      await request(t.url).get(`/v1/emails/${guid}/previews/${client}`).expect(301); // repeat: not billable
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { EXPIRY_INTERVAL: '0' } });
    staffKey = await createBillingKey(t);
    appA = await createApplication(t, { name: 'A', callback: [CALLBACK] });
    appB = await createApplication(t, { name: 'B', callback: [CALLBACK] });
    userAccount = (await createUser(t, 'mo@example.com')).account_id;
    const code = await authorizationCode(new FormUser(t, 'mo@example.com'), appA);
    userToken = (
      await tokenRequest(t, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: appA.client_id,
        client_secret: appA.client_secret!,
      }).expect(200)
    ).body.access_token;

    t.clock.set(new Date('2026-10-20T12:00:00Z'));
    await capture(basicAuth(appA.api_key), 'u1', ['OL2019', 'APPMAIL14']);
    await capture(basicAuth(appA.api_key), 'u2', ['OL2019']);
    await capture(basicAuth(appA.api_key), undefined, ['OL2019']);
    t.clock.set(new Date('2026-11-02T08:00:00Z'));
    await capture(basicAuth(appA.api_key), 'u1', ['GMAILNEW']);
    await capture(basicAuth(appB.api_key), 'u3', ['OL2019']);
    await capture(`Bearer ${userToken}`, 'u1', ['APPMAIL14']);
    await capture(basicAuth(appA.api_key), undefined, ['OL2019']);
  });
  afterAll(() => t.close());

  const usage = (query: string) =>
    request(t.url).get(`/v1/billing/usage?${query}`).set('Authorization', basicAuth(staffKey));

  it('groups by end user with exact monthly unique counts and a row for captures without end_user_id', async () => {
    const report = (await usage('from=2026-10-01&to=2026-11-30&group_by=end_user').expect(200))
      .body;
    expect(report.rows).toEqual([
      { key: 'u1', captures: 4, unique_end_users: 2 },
      { key: 'u2', captures: 1, unique_end_users: 1 },
      { key: 'u3', captures: 1, unique_end_users: 1 },
      { key: null, captures: 2, unique_end_users: 0 },
    ]);
    // October: u1, u2; November: u1, u3 (u1 counts in each month it was active).
    expect(report.totals).toEqual({ captures: 8, unique_end_users: 4 });
    const november = (await usage('from=2026-11-01&to=2026-11-30&group_by=end_user').expect(200))
      .body;
    expect(november.totals).toEqual({ captures: 4, unique_end_users: 2 });
  });

  it('groups by account (API key and OAuth user accounts), client and day', async () => {
    const byAccount = (await usage('from=2026-11-01&to=2026-11-30&group_by=account').expect(200))
      .body;
    const userRow = byAccount.rows.find((row: { key: string }) => row.key === userAccount);
    expect(userRow).toEqual({ key: userAccount, captures: 1, unique_end_users: 1 });
    expect(byAccount.rows).toHaveLength(3);
    const byClient = (await usage('from=2026-10-01&to=2026-10-31&group_by=client').expect(200))
      .body;
    expect(byClient.rows).toEqual([
      { key: 'APPMAIL14', captures: 1, unique_end_users: 1 },
      { key: 'OL2019', captures: 3, unique_end_users: 2 },
    ]);
    const byDay = (await usage('from=2026-10-01&to=2026-11-30&group_by=day').expect(200)).body;
    expect(byDay.rows.map((row: { key: string }) => row.key)).toEqual(['2026-10-20', '2026-11-02']);
    const oneApplication = (
      await usage(`from=2026-10-01&to=2026-11-30&application=${appB.id}`).expect(200)
    ).body;
    expect(oneApplication.totals).toEqual({ captures: 1, unique_end_users: 1 });
  });

  it('groups by month (unique end users per month) and reports one end user alone', async () => {
    const byMonth = (await usage('from=2026-10-01&to=2026-11-30&group_by=month').expect(200)).body;
    expect(byMonth.rows).toEqual([
      { key: '2026-10', captures: 4, unique_end_users: 2 },
      { key: '2026-11', captures: 4, unique_end_users: 2 },
    ]);
    const u1 = (
      await usage('from=2026-10-01&to=2026-11-30&group_by=client&end_user=u1').expect(200)
    ).body;
    expect(u1.rows).toEqual([
      { key: 'APPMAIL14', captures: 2, unique_end_users: 2 },
      { key: 'GMAILNEW', captures: 1, unique_end_users: 1 },
      { key: 'OL2019', captures: 1, unique_end_users: 1 },
    ]);
    expect(u1.totals).toEqual({ captures: 4, unique_end_users: 2 });
    const top = (await usage('from=2026-10-01&to=2026-11-30&group_by=end_user&top=2').expect(200))
      .body;
    expect(top.rows).toEqual([
      { key: 'u1', captures: 4, unique_end_users: 2 },
      { key: null, captures: 2, unique_end_users: 0 },
    ]);
    expect(top.totals).toEqual({ captures: 8, unique_end_users: 4 });
    await usage('from=2026-10-01&to=2026-11-30&top=0').expect(400);
  });

  it("lists one end user's captures, oldest first, for staff keys only", async () => {
    const captures = (
      await request(t.url)
        .get('/v1/billing/end-users/u1/captures?from=2026-10-01&to=2026-11-30')
        .set('Authorization', basicAuth(staffKey))
        .expect(200)
    ).body;
    expect(captures).toMatchObject({ end_user_id: 'u1', truncated: false });
    expect(
      // oldest first; captures of one moment (the test clock stands still) in any order
      captures.captures.map((c: { captured_at: string; client: string }) => [
        c.captured_at.slice(0, 10),
        c.client,
      ]),
    ).toEqual([
      ['2026-10-20', expect.any(String)],
      ['2026-10-20', expect.any(String)],
      ['2026-11-02', expect.any(String)],
      ['2026-11-02', expect.any(String)],
    ]);
    expect(captures.captures.map((c: { client: string }) => c.client).sort()).toEqual([
      'APPMAIL14',
      'APPMAIL14',
      'GMAILNEW',
      'OL2019',
    ]);
    const none = await request(t.url)
      .get('/v1/billing/end-users/u1/captures?from=2026-12-01&to=2026-12-31')
      .set('Authorization', basicAuth(staffKey))
      .expect(200);
    expect(none.body.captures).toEqual([]);
    await request(t.url)
      .get('/v1/billing/end-users/u1/captures?from=2026-11-30&to=2026-10-01')
      .set('Authorization', basicAuth(staffKey))
      .expect(400);
    await request(t.url)
      .get('/v1/billing/end-users/u1/captures?from=2026-10-01&to=2026-11-30')
      .set('Authorization', basicAuth(appA.api_key))
      .expect(403);
  });

  it('answers CSV (Accept or format=csv) with the rows of JSON and no totals row, never cached', async () => {
    const json = (await usage('from=2026-10-01&to=2026-11-30&group_by=end_user').expect(200)).body;
    for (const csv of [
      await usage('from=2026-10-01&to=2026-11-30&group_by=end_user')
        .set('Accept', 'text/csv')
        .expect(200),
      await usage('from=2026-10-01&to=2026-11-30&group_by=end_user&format=csv').expect(200),
    ]) {
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csv.text.trim().split('\n');
      expect(lines[0]).toBe('end_user,captures,unique_end_users');
      expect(lines).toContain(',2,0');
      expect(csv.headers['cache-control']).toBe('no-store');
      // Rows only: the captures of the lines add up to the JSON totals.
      expect(lines.slice(1)).toHaveLength(json.rows.length);
      const sum = lines.slice(1).reduce((total, line) => total + Number(line.split(',')[1]), 0);
      expect(sum).toBe(json.totals.captures);
    }
  });

  it('lets staff keys in, and turns application keys and OAuth tokens away with 403', async () => {
    await request(t.url)
      .get('/v1/billing/usage?from=2026-10-01&to=2026-10-31')
      .set('Authorization', basicAuth(appA.api_key))
      .expect(403);
    await request(t.url)
      .get('/v1/billing/usage?from=2026-10-01&to=2026-10-31')
      .set('Authorization', `Bearer ${userToken}`)
      .expect(403);
    const none = await request(t.url)
      .get('/v1/billing/usage?from=2026-10-01&to=2026-10-31')
      .expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic /);
    await request(t.url)
      .get('/v1/billing/usage?from=2026-10-01&to=2026-10-31')
      .set('Authorization', basicAuth('ipsk_aaaaaaaaaaaa.' + 'A'.repeat(43)))
      .expect(401);
  });

  it('validates the query', async () => {
    const cases: [string, string][] = [
      ['to=2026-10-31', "'from' must be a date YYYY-MM-DD"],
      ['from=2026-10-01&to=2026-02-30', "'to' is not a calendar date"],
      ['from=2025-02-29&to=2026-10-01', "'from' is not a calendar date"],
      ['from=2026-11-01&to=2026-10-01', "'from' must not be after 'to'"],
      [
        'from=2026-10-01&to=2026-10-31&group_by=planet',
        "'group_by' must be one of end_user, client, day, month, account, application",
      ],
    ];
    for (const [query, description] of cases) {
      expect((await usage(query).expect(400)).body).toEqual({
        status: 400,
        title: 'Bad Request',
        description,
      });
    }
  });

  it('prints the same month from the CLI as a table, CSV or JSON', async () => {
    const json = await runCli(t, BillingReportCommand, [], {
      month: '2026-11',
      groupBy: 'end_user',
      json: true,
    });
    expect(JSON.parse(json.stdout).totals).toEqual({ captures: 4, unique_end_users: 2 });
    const tableOutput = await runCli(t, BillingReportCommand, [], {
      month: '2026-11',
      groupBy: 'end_user',
    });
    expect(tableOutput.stdout).toMatch(/TOTAL\s+4\s+2/);
    expect(tableOutput.stdout).toContain('(no end_user_id)');
    const csv = await runCli(t, BillingReportCommand, [], { month: '2026-11', format: 'csv' });
    expect(csv.stdout).not.toContain('TOTAL');
    const bad = await runCli(t, BillingReportCommand, [], { month: 'November' });
    expect(bad.exitCode).toBe(2);
  });
});
