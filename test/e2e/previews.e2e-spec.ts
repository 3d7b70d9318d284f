import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/domain/billing/usage-record.entity';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import { CaptureThumbnails } from '../../src/domain/captures/run/capture-thumbnails';
import { Storage } from '../../src/platform/storage/storage';
import { readPixels } from '../support/pixels';
import { getAbsolute, postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe(`previews API (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let guid: string;
  beforeAll(async () => {
    t = await createTestApp();
    guid = await postEmail(t, { html_text: SIMPLE_EMAIL, end_user_id: 'reader-1' });
  });
  afterAll(() => t.close());

  const usage = () => t.get(DataSource).getRepository(UsageRecord).find();

  it('captures on the first GET and answers the three URLs, then serves the PNG through the capture host', async () => {
    const response = await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
    const host = `ol2019.capture.${t.config.cdn.domain}`;
    expect(response.body).toEqual({
      full_url: `http://${host}/${guid}/results/ol2019-vertical-allowed-800.png`,
      thumb_url: `http://${host}/${guid}/results/ol2019-vertical-allowed-800-thumb.png`,
      thumb450_url: `http://${host}/${guid}/results/ol2019-vertical-allowed-800-thumb450.png`,
      report_url: `${t.config.publicUrl}/v1/emails/${guid}/previews/OL2019/report?images=allowed&orientation=vertical`,
    });
    const redirect = await getAbsolute(t, response.body.full_url).expect(302);
    const file = await getAbsolute(t, redirect.headers.location).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    const png = file.body as Buffer;
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect((await readPixels(png)).width).toBe(800);

    const thumbRedirect = await getAbsolute(t, response.body.thumb450_url).expect(302);
    const thumb = (await getAbsolute(t, thumbRedirect.headers.location).expect(200)).body as Buffer;
    expect((await readPixels(thumb)).width).toBe(450);
    const records = await usage();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      client: 'OL2019',
      images: 'allowed',
      orientation: 'vertical',
      endUserId: 'reader-1',
      billable: true,
    });
  });

  it('redirects a repeat request to the cached JSON, without billing it', async () => {
    const repeat = await request(t.url).get(`/v1/emails/${guid}/previews/ol2019`).expect(301);
    expect(repeat.headers.location).toBe(
      `http://ol2019.capture.${t.config.cdn.domain}/${guid}/results/ol2019-vertical-allowed.json`,
    );
    expect(repeat.text).toBe('');
    const cached = await getAbsolute(t, repeat.headers.location).expect(200);
    expect(cached.body.full_url).toMatch(/ol2019-vertical-allowed-800\.png$/);
    expect(await usage()).toHaveLength(1);
  });

  it('redirects /full, /thumb and /thumb450 to the image on the capture host, with an empty body', async () => {
    for (const size of ['full', 'thumb', 'thumb450']) {
      const response = await request(t.url)
        .get(`/v1/emails/${guid}/previews/OL2019/${size}`)
        .expect(301);
      const suffix = size === 'full' ? '' : `-${size}`;
      expect(response.headers.location).toMatch(
        new RegExp(`/${guid}/results/ol2019-vertical-allowed-800${suffix}\\.png$`),
      );
      expect(response.text).toBe('');
    }
    expect(await usage()).toHaveLength(1);
  });

  it('captures /full first when needed', async () => {
    const response = await request(t.url)
      .get(`/v1/emails/${guid}/previews/GMAILNEW/full?images=blocked`)
      .expect(301);
    expect(response.headers.location).toMatch(
      /gmailnew\.capture\..*gmailnew-vertical-blocked-960\.png$/,
    );
    expect(await usage()).toHaveLength(2);
  });

  it('gives different files for images=blocked and orientation=horizontal of a mobile client', async () => {
    const vertical = (await request(t.url).get(`/v1/emails/${guid}/previews/IPHONE13`).expect(200))
      .body;
    const blocked = (
      await request(t.url).get(`/v1/emails/${guid}/previews/IPHONE13?images=blocked`).expect(200)
    ).body;
    const horizontal = (
      await request(t.url)
        .get(`/v1/emails/${guid}/previews/IPHONE13?orientation=horizontal`)
        .expect(200)
    ).body;
    expect(vertical.full_url).toMatch(/iphone13-vertical-allowed-390\.png$/);
    expect(blocked.full_url).toMatch(/iphone13-vertical-blocked-390\.png$/);
    expect(horizontal.full_url).toMatch(/iphone13-horizontal-allowed-844\.png$/);
    const widths = [];
    for (const body of [vertical, horizontal]) {
      const location = (await getAbsolute(t, body.full_url).expect(302)).headers.location;
      widths.push((await readPixels((await getAbsolute(t, location).expect(200)).body)).width);
    }
    expect(widths).toEqual([390 * 3, 844 * 3]);
  });

  it('answers 400 for a bad guid, client or option, naming it', async () => {
    const cases: [string, string][] = [
      [
        '/v1/emails/not-a-guid/previews/OL2019',
        "'email_guid' must match format of a standard GUID",
      ],
      [`/v1/emails/${guid}/previews/NOKIA3310`, "'client' must be valid, see /clients"],
      [
        `/v1/emails/${guid}/previews/OL2019?images=maybe`,
        "'images' must be 'allowed' or 'blocked'",
      ],
      [
        `/v1/emails/${guid}/previews/OL2019?orientation=horizontal`,
        "'orientation' must be one of 'vertical' for OL2019",
      ],
      [
        `/v1/emails/${guid}/previews/OL2019/full?orientation=sideways`,
        "'orientation' must be 'vertical' or 'horizontal'",
      ],
    ];
    for (const [path, description] of cases) {
      const response = await request(t.url).get(path).expect(400);
      expect(response.body).toEqual({ status: 400, title: 'Bad Request', description });
    }
  });

  it('answers 404 for an unknown email, an unknown size and unknown capture-host files', async () => {
    const unknown = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const response = await request(t.url).get(`/v1/emails/${unknown}/previews/OL2019`).expect(404);
    expect(response.body).toMatchObject({ status: 404, title: 'Not Found' });
    await request(t.url).get(`/v1/emails/${unknown}/previews/OL2019/full`).expect(404);
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019/huge`).expect(404);
    const host = `ol2019.capture.${t.config.cdn.domain}`;
    await request(t.url)
      .get(`/${unknown}/results/ol2019-vertical-allowed-800.png`)
      .set('Host', host)
      .expect(404);
    await request(t.url)
      .get(`/${guid}/results/ol2019-vertical-allowed-999.png`)
      .set('Host', host)
      .expect(404);
    await request(t.url)
      .get(`/${guid}/results/gmailnew-vertical-allowed-960.png`)
      .set('Host', host)
      .expect(404);
  });

  it('redirects to the placeholder with fallback=true, or to fallback_url', async () => {
    const unknown = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const placeholder = await request(t.url)
      .get(`/v1/emails/${unknown}/previews/OL2019/full?fallback=true`)
      .expect(302);
    expect(placeholder.headers.location).toBe(`${t.config.publicUrl}/placeholder.png`);
    const png = await request(t.url).get('/placeholder.png').expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    const own = await request(t.url)
      .get(
        `/v1/emails/${unknown}/previews/OL2019/thumb450?fallback=true&fallback_url=${encodeURIComponent('https://cdn.example/ph.png')}`,
      )
      .expect(302);
    expect(own.headers.location).toBe('https://cdn.example/ph.png');
    await request(t.url).get(`/v1/emails/bad/previews/OL2019/full?fallback=true`).expect(302);
  });

  it('prefetches configurations in the background (POST prefetch and POST /v1/emails)', async () => {
    const { createApplication, basicAuth } = await import('../support/run-cli');
    const app = await createApplication(t);
    const created = await request(t.url)
      .post('/v1/emails')
      .set('Authorization', basicAuth(app.api_key))
      .send({ html_text: SIMPLE_EMAIL, configurations: [{ client: 'APPMAIL15' }] })
      .expect(200);
    const id = created.body.email_guid;
    const prefetch = await request(t.url)
      .post(`/v1/emails/${id}/previews/prefetch`)
      .set('Authorization', basicAuth(app.api_key))
      .send({
        configurations: [{ client: 'GMAILNEW' }, { client: 'IPHONE13', orientation: 'horizontal' }],
      })
      .expect(202);
    expect(prefetch.body.configurations).toEqual([
      { client: 'GMAILNEW', images: 'allowed', orientation: 'vertical' },
      { client: 'IPHONE13', images: 'allowed', orientation: 'horizontal' },
    ]);
    const captures = t.get(DataSource).getRepository(Capture);
    await until(async () => (await captures.countBy({ emailId: id, status: 'captured' })) >= 3);
    expect(await captures.countBy({ emailId: id, status: 'captured' })).toBe(3);
    await request(t.url).get(`/v1/emails/${id}/previews/GMAILNEW`).expect(301);

    const invalid = await request(t.url)
      .post(`/v1/emails/${id}/previews/prefetch`)
      .set('Authorization', basicAuth(app.api_key))
      .send({ configurations: [{ client: 'OL2019' }, { client: 'NOPE' }] })
      .expect(400);
    expect(invalid.body.description).toBe("Each client must be valid, 'NOPE' is unknown");
    expect(await captures.countBy({ emailId: id, client: 'OL2019' })).toBe(0);
    await request(t.url)
      .post(`/v1/emails/${id}/previews/prefetch`)
      .send({ configurations: [{ client: 'OL2019' }] })
      .expect(401);
  });

  it('makes one capture and one usage row for 20 concurrent first GETs', async () => {
    const id = await postEmail(t, { html_text: SIMPLE_EMAIL });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => request(t.url).get(`/v1/emails/${id}/previews/APPMAIL14`)),
    );
    expect(responses.map((r) => r.status).every((status) => status === 200 || status === 301)).toBe(
      true,
    );
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    const captures = await t.get(DataSource).getRepository(Capture).findBy({ emailId: id });
    expect(captures).toHaveLength(1);
    expect(captures[0].attempt).toBe(1);
    expect(await t.get(DataSource).getRepository(UsageRecord).countBy({ emailId: id })).toBe(1);
  });

  it('makes a thumbnail on request from the full image when the render that owed it is gone', async () => {
    const other = await postEmail(t, { html_text: SIMPLE_EMAIL });
    const response = await request(t.url).get(`/v1/emails/${other}/previews/IPHONE13`).expect(200);
    const storage = t.get(Storage);
    const capture = await t
      .get(DataSource)
      .getRepository(Capture)
      .findOneByOrFail({ emailId: other });
    const thumbKey = capture.files!['iphone13-vertical-allowed-390-thumb450.png'].key;
    await t.get(CaptureThumbnails).drain(5000);
    await storage.delete([thumbKey]); // as if the process had died before storing it
    const redirect = await getAbsolute(t, response.body.thumb450_url).expect(302);
    const thumb = (await getAbsolute(t, redirect.headers.location).expect(200)).body as Buffer;
    const pixels = await readPixels(thumb);
    // The top of the email at the phone's proportions (390 x 844), 450 px wide.
    expect([pixels.width, pixels.height]).toEqual([450, Math.round((450 * 844) / 390)]);
    expect(await storage.exists(thumbKey)).toBe(true);
  });

  // Last: it captures, so it adds a usage record the tests above count.
  it("serves a captured configuration's emulation report at report_url, and never captures for it", async () => {
    const email = await postEmail(t, {
      html_text:
        '<p style="border-radius:12px;background:#eee;padding:8px">Rounded</p><video src="https://cdn.example.com/a.mp4"></video>',
    });
    const reportPath = (client: string) => `/v1/emails/${email}/previews/${client}/report`;
    const notYet = await request(t.url).get(reportPath('OL2019')).expect(404);
    expect(notYet.body).toEqual({
      status: 404,
      title: 'Not Found',
      description: 'This configuration has not been captured',
    });
    const captures = t.get(DataSource).getRepository(Capture);
    expect(await captures.countBy({ emailId: email })).toBe(0);

    const preview = await request(t.url).get(`/v1/emails/${email}/previews/OL2019`).expect(200);
    const report = await request(t.url)
      .get(new URL(preview.body.report_url).pathname + new URL(preview.body.report_url).search)
      .expect(200);
    expect(report.body).toMatchObject({
      email_guid: email,
      client: 'OL2019',
      images: 'allowed',
      orientation: 'vertical',
      captured_at: expect.any(String),
    });
    const slugs = (report.body.entries as { slug: string; source: string }[]).map((e) => e.slug);
    expect(slugs).toEqual(expect.arrayContaining(['css-border-radius']));
    for (const entry of report.body.entries) expect(entry.source).toBeTruthy();
    // Another configuration of the same client has its own report.
    await request(t.url)
      .get(`${reportPath('OL2019')}?images=blocked`)
      .expect(404);
    await request(t.url).get(reportPath('NOPE')).expect(400);
    await request(t.url).get('/v1/emails/not-a-guid/previews/OL2019/report').expect(400);
  });
});
