import request from 'supertest';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** One sample of the Prometheus text format, or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe(`Prometheus metrics (${TEST_DATABASE})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('counts captures by client and outcome, times render phases and the queue, and counts HTTP requests by route', async () => {
    const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(200);
    await request(t.url).get(`/v1/emails/${guid}/previews/OL2019`).expect(301);
    await request(t.url).get(`/v1/emails/${guid}/previews/NOPE`).expect(400);

    const response = await request(t.url).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.text;
    expect(
      sample(text, 'instant_preview_captures_total', { client: 'OL2019', outcome: 'captured' }),
    ).toBe(1);
    // Each phase by the engine that drew it: OL2019 is drawn by Chromium.
    for (const phase of ['prepare', 'screenshot', 'encode'])
      expect(
        sample(text, 'instant_preview_render_phase_seconds_count', { phase, engine: 'chromium' }),
      ).toBe(1);
    expect(sample(text, 'instant_preview_queue_wait_seconds_count')).toBe(1);
    expect(sample(text, 'instant_preview_queue_depth')).toBe(0);
    expect(sample(text, 'instant_preview_render_dedupe_hits_total')).toBe(0);
    expect(sample(text, 'instant_preview_browser_restarts_total')).toBe(0);
    const route = '/v1/emails/:guid/previews/:client';
    expect(sample(text, 'instant_preview_http_requests_total', { route, status: '200' })).toBe(1);
    expect(sample(text, 'instant_preview_http_requests_total', { route, status: '301' })).toBe(1);
    expect(sample(text, 'instant_preview_http_requests_total', { route, status: '400' })).toBe(1);
    expect(
      sample(text, 'instant_preview_http_requests_total', { route: '/v1/emails', status: '200' }),
    ).toBe(1);
    expect(sample(text, 'instant_preview_process_resident_memory_bytes')).toBeGreaterThan(0);
    // CPU: the capture's preparation (its thread's time), this process's own, and its
    // engines' processes (the browser that drew OL2019).
    expect(sample(text, 'instant_preview_capture_cpu_seconds_count', { phase: 'prepare' })).toBe(1);
    expect(
      sample(text, 'instant_preview_capture_cpu_seconds_sum', { phase: 'prepare' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'instant_preview_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(
      sample(text, 'instant_preview_engine_cpu_seconds_total', { engine: 'chromium' }),
    ).toBeGreaterThan(0);
    // Raw URLs never become labels.
    expect(text).not.toContain(guid);
  });
});
