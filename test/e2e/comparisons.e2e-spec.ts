import request from 'supertest';
import { DataSource } from 'typeorm';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { ExpiryService } from '../../src/domain/expiry/expiry.service';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Storage } from '../../src/platform/storage/storage';
import { isBlue, isGreen, isRed, readPixels } from '../support/pixels';
import { getAbsolute, postEmail } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** An email with one 200 x 100 cell of the given colour, below a heading. */
const cellEmail = (
  colour: string,
  extra = '',
) => `<!DOCTYPE html><html lang="en"><body style="margin:0">
  <table role="presentation" width="100%" bgcolor="#ffffff"><tr><td style="padding:20px;font:16px Arial">
  <h1 style="color:#333333">Release notes</h1>
  <table role="presentation" cellpadding="0" cellspacing="0"><tr>
  <td width="200" height="100" bgcolor="${colour}" style="width:200px;height:100px"></td>
  </tr></table>${extra}</td></tr></table></body></html>`;

const DAY = 24 * 3600 * 1000;

describe(`comparisons (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApplication(t)).api_key;
  });
  afterAll(() => t.close());

  const compare = (body: object, apiKey = key) =>
    request(t.url).post('/v1/comparisons').set('Authorization', basicAuth(apiKey)).send(body);

  async function image(url: string): Promise<Buffer> {
    const redirect = await getAbsolute(t, url).expect(302);
    return (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
  }

  it('finds the one cell whose colour changed, in OL2019 and IPHONE13, with a diff image of it', async () => {
    const base = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const head = await postEmail(t, { html_text: cellEmail('#0000ff') }, key);
    const answer = await compare({
      base_email_guid: base,
      head_email_guid: head,
      clients: ['OL2019', 'iphone13'],
    }).expect(200);
    const results = answer.body.results as Record<string, string & number>[];
    expect(results.map((result) => result.client)).toEqual(['OL2019', 'IPHONE13']);
    for (const result of results) {
      const [baseImage, headImage, diff] = await Promise.all(
        [result.base_url, result.head_url, result.diff_url].map(image),
      );
      const cell = (await readPixels(baseImage)).bounds(isGreen)!;
      expect((await readPixels(headImage)).bounds(isBlue)).toEqual(cell);
      const cellArea = (cell.right - cell.left + 1) * (cell.bottom - cell.top + 1);
      // The cell's pixels, and no others: the heading and page are the same in both.
      expect(result.changed_pixels).toBe(cellArea);
      const pixels = await readPixels(diff);
      expect(pixels.bounds(isRed)).toEqual(cell);
      expect(result.changed_ratio).toBeCloseTo(cellArea / (pixels.width * pixels.height), 10);
      expect(result.diff_url).toContain(`/${head}/results/`);
    }
    // Four captures made for it, each billed as a preview would be.
    const billed = await t
      .get(DataSource)
      .getRepository(UsageRecord)
      .countBy([{ emailId: base }, { emailId: head }]);
    expect(billed).toBe(4);
  });

  it('answers changed_ratio 0 for identical renders, and the same numbers when asked again', async () => {
    const base = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const head = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const body = { base_email_guid: base, head_email_guid: head, clients: ['OL2019'] };
    const first = await compare(body).expect(200);
    expect(first.body.results[0]).toMatchObject({ changed_ratio: 0, changed_pixels: 0 });
    const diff = await readPixels(await image(first.body.results[0].diff_url));
    expect(diff.count(isRed)).toBe(0);
    const again = await compare(body).expect(200);
    expect(again.body).toEqual(first.body);
  });

  it('compares renders of different heights, counting the rows only one has, by default in every captured client', async () => {
    const base = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const head = await postEmail(
      t,
      {
        html_text: cellEmail(
          '#00a000',
          '<table role="presentation"><tr><td height="1400" style="height:1400px;font:16px Arial">One more, long section.</td></tr></table>',
        ),
      },
      key,
    );
    await request(t.url).get(`/v1/emails/${head}/previews/OL2019`).expect(200);
    const answer = await compare({ base_email_guid: base, head_email_guid: head }).expect(200);
    expect(answer.body.results.map((result: { client: string }) => result.client)).toEqual([
      'OL2019',
    ]);
    const [result] = answer.body.results;
    const [baseImage, headImage, diff] = await Promise.all(
      [result.base_url, result.head_url, result.diff_url].map(image),
    );
    const [b, h, d] = await Promise.all([baseImage, headImage, diff].map(readPixels));
    expect(h.height).toBeGreaterThan(b.height);
    expect([d.width, d.height]).toEqual([h.width, h.height]);
    expect(result.changed_pixels).toBeGreaterThanOrEqual((h.height - b.height) * h.width);
  });

  it('refuses bad input with the contract body, before capturing anything', async () => {
    const base = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const head = await postEmail(t, { html_text: cellEmail('#0000ff') }, key);
    const refused = async (body: object, status: number, apiKey = key) => {
      const answer = await compare(body, apiKey).expect(status);
      expect(answer.body.status).toBe(status);
      return (answer.body.description ?? '') as string;
    };
    expect(
      await refused({ base_email_guid: base, head_email_guid: head, clients: ['NOPE'] }, 400),
    ).toMatch(/client/);
    expect(
      await refused({ base_email_guid: 'x', head_email_guid: head, clients: ['OL2019'] }, 400),
    ).toMatch(/base_email_guid/);
    expect(await refused({ head_email_guid: head }, 400)).toMatch(/base_email_guid/);
    expect(
      await refused({ base_email_guid: base, head_email_guid: head, clients: [] }, 400),
    ).toMatch(/clients/);
    expect(await refused({ base_email_guid: base, head_email_guid: head }, 400)).toMatch(
      /neither email has been captured/,
    );
    const other = (await createApplication(t)).api_key;
    await refused(
      { base_email_guid: base, head_email_guid: head, clients: ['OL2019'] },
      404,
      other,
    );
    await request(t.url).post('/v1/comparisons').send({}).expect(401);
    const captured = await t
      .get(DataSource)
      .getRepository(Capture)
      .countBy([{ emailId: base }, { emailId: head }]);
    expect(captured).toBe(0);
  });

  it('serves a diff another process recorded after this one read the capture', async () => {
    const base = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const head = await postEmail(t, { html_text: cellEmail('#0000ff') }, key);
    const answer = await compare({
      base_email_guid: base,
      head_email_guid: head,
      clients: ['OL2019'],
    }).expect(200);
    const rows = t.get(DataSource).getRepository(Capture);
    const capture = await rows.findOneByOrFail({ emailId: head });
    const [name, diff] = Object.entries(capture.files!).find(([, file]) => file.diff)!;
    // As this process last saw it: no diff (read into its memory by a preview request).
    await rows.update(
      { id: capture.id },
      { files: { ...capture.files!, [name]: undefined } as never },
    );
    await request(t.url).get(`/v1/emails/${head}/previews/OL2019`).expect(301);
    // Another process records the diff.
    await rows.update({ id: capture.id }, { files: { ...capture.files!, [name]: diff } });
    const redirect = await getAbsolute(t, answer.body.results[0].diff_url).expect(302);
    await getAbsolute(t, redirect.headers.location).expect(200);
  });

  it('keeps the diff with the head capture: purged with it after the capture lifetime', async () => {
    const base = await postEmail(t, { html_text: cellEmail('#00a000') }, key);
    const head = await postEmail(t, { html_text: cellEmail('#0000ff') }, key);
    const answer = await compare({
      base_email_guid: base,
      head_email_guid: head,
      clients: ['OL2019'],
    }).expect(200);
    const capture = await t
      .get(DataSource)
      .getRepository(Capture)
      .findOneByOrFail({ emailId: head });
    const diffFile = Object.values(capture.files!).find((file) => file.diff)!;
    expect(await t.get(Storage).exists(diffFile.key, diffFile.location)).toBe(true);
    const start = t.clock.now();
    t.clock.set(new Date(capture.capturedAt!.getTime() + 181 * DAY));
    try {
      await t.get(ExpiryService).run();
      expect(await t.get(Storage).exists(diffFile.key, diffFile.location)).toBe(false);
      await getAbsolute(t, answer.body.results[0].diff_url).expect(404);
      // The text it read from the render (it quotes the email) goes with the files.
      const purged = await t
        .get(DataSource)
        .getRepository(Capture)
        .findOneByOrFail({ id: capture.id });
      expect([purged.status, purged.files, purged.textSamples]).toEqual(['purged', null, null]);
    } finally {
      t.clock.set(start);
    }
  });
});
