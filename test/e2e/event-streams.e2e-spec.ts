import request from 'supertest';
import { openStream } from '../support/event-stream';
import { postEmail, SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

type Stream = ReturnType<typeof openStream>;

/** A client behind the trusted proxy (loopback), at `address`. */
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe(`email event streams (${TEST_DATABASE})`, () => {
  describe('caps, and what a stream carries', () => {
    let t: TestApp;
    let apiKey: string;
    const streams: Stream[] = [];
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          EVENT_STREAMS_PER_ADDRESS: '3',
          EVENT_STREAMS_PER_EMAIL: '5',
          EVENT_STREAMS_MAX: '8',
        },
      });
      apiKey = (await createApplication(t)).api_key;
    });
    afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
    afterAll(() => t.close());

    /** Opens a stream and expects it held (200). */
    async function held(guid: string, address: string): Promise<Stream> {
      const stream = openStream(t.url, guid, from(address));
      streams.push(stream);
      expect(await stream.opened).toBe(200);
      return stream;
    }

    /** Opens a stream and expects it refused with `status`, Retry-After and the contract's body. */
    async function refused(guid: string, address: string, status: number, description: RegExp) {
      const stream = openStream(t.url, guid, from(address));
      streams.push(stream);
      expect(await stream.opened).toBe(status);
      const { headers, body } = await stream.refusal();
      expect(headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(body).toEqual({
        status,
        title: status === 429 ? 'Too Many Requests' : 'Service Unavailable',
        description: expect.stringMatching(description),
      });
    }

    it('refuses the first stream over each cap (429 per address, 503 per email and in all) with Retry-After, while a capture still succeeds', async () => {
      const [first, second, third] = await Promise.all(
        [1, 2, 3].map(() => postEmail(t, { html_text: SIMPLE_EMAIL }, apiKey)),
      );
      // One address: three streams, then 429.
      for (let i = 0; i < 3; i++) await held(first, '203.0.113.1');
      await refused(
        first,
        '203.0.113.1',
        429,
        /At most 3 event streams may be open from one address/,
      );
      // One email: five streams from any addresses, then 503.
      await held(first, '203.0.113.2');
      await held(first, '203.0.113.3');
      await refused(first, '203.0.113.4', 503, /this email has 5 event streams open already/);
      // The process: eight in all, then 503 whatever the email and address.
      for (const address of ['203.0.113.5', '203.0.113.6', '203.0.113.7'])
        await held(second, address);
      await refused(third, '203.0.113.8', 503, /too many event streams are open/);
      // Captures are not held up by the streams, and the stream of their email hears them.
      await request(t.url).get(`/v1/emails/${second}/previews/OL2019`).expect(200);
      await until(() => streams.some((stream) => stream.events.length > 0));
      // A stream that ends gives its place back.
      streams[0].close();
      await until(async () => {
        const again = openStream(t.url, first, from('203.0.113.1'));
        streams.push(again);
        return (await again.opened) === 200;
      });
    });

    it('carries no end_user_id (the webhook has it; a stream needs no key)', async () => {
      const posted = await request(t.url)
        .post('/v1/emails')
        .set('Authorization', basicAuth(apiKey))
        .send({ html_text: SIMPLE_EMAIL, end_user_id: 'reader-42' })
        .expect(200);
      const guid = posted.body.email_guid as string;
      const stream = await held(guid, '198.51.100.1');
      await request(t.url)
        .post(`/v1/emails/${guid}/previews/prefetch`)
        .set('Authorization', basicAuth(apiKey))
        .send({ configurations: [{ client: 'OL2019' }] })
        .expect(202);
      await until(() => stream.events.length === 2);
      expect(stream.events.map((event) => event.event).sort()).toEqual([
        'capture.completed',
        'prefetch.completed',
      ]);
      for (const { data } of stream.events) {
        expect(data.data.email_guid).toBe(guid);
        expect(data.data).not.toHaveProperty('end_user_id');
      }
    });
  });

  describe('heartbeats and the idle timeout', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await createTestApp({
          env: {
            EVENT_STREAMS_PER_ADDRESS: '1',
            EVENT_STREAM_HEARTBEAT: '100ms',
            EVENT_STREAM_IDLE_TIMEOUT: '1s',
          },
        })),
    );
    afterAll(() => t.close());

    it('writes a comment line every heartbeat, ends a stream with no event for the idle timeout, and gives its place back', async () => {
      const guid = await postEmail(t, { html_text: SIMPLE_EMAIL });
      const stream = openStream(t.url, guid, from('192.0.2.1'));
      expect(await stream.opened).toBe(200);
      await stream.ended;
      expect(stream.comments()).toBeGreaterThan(1);
      expect(stream.events).toEqual([]);
      // Its one place per address is free again.
      const next = openStream(t.url, guid, from('192.0.2.1'));
      try {
        expect(await next.opened).toBe(200);
      } finally {
        next.close();
      }
    });
  });
});
