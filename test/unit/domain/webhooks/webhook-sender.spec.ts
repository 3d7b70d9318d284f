import { loadConfig } from '../../../../src/platform/config/app-config';
import { isPublicAddress } from '../../../../src/base/network/public-address';
import { isPublicHttpsUrl } from '../../../../src/base/network/public-url';
import { WebhookSender } from '../../../../src/domain/webhooks/webhook-sender';
import { startWebhookReceiver, WebhookReceiver } from '../../../support/webhook-receiver';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PAYLOAD = JSON.stringify({ type: 'email.expired', timestamp: '', data: {} });

describe('one address rule for webhooks, at create and at connect', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await startWebhookReceiver()));
  afterAll(() => receiver.close());
  const port = () => new URL(receiver.url).port;
  const send = (url: string, env: Record<string, string> = {}) =>
    new WebhookSender(loadConfig(env)).send(url, SECRET, 'msg_1', new Date(), PAYLOAD);

  it('judges an IPv4-mapped IPv6 address as the IPv4 address it maps to', () => {
    for (const [address, isPublic] of [
      ['8.8.8.8', true],
      ['::ffff:8.8.8.8', true],
      ['::ffff:808:808', true],
      ['2001:4860:4860::8888', true],
      ['127.0.0.1', false],
      ['::ffff:127.0.0.1', false],
      ['::ffff:10.1.2.3', false],
      ['::ffff:169.254.169.254', false],
      ['::1', false],
      ['64:ff9b::a01:203', false],
      ['fd00:ec2::254', false],
    ] as const)
      expect([address, isPublicAddress(address)]).toEqual([address, isPublic]);
    // At create, a URL's IP literal is judged by it.
    expect(isPublicHttpsUrl('https://[::ffff:8.8.8.8]/hook')).toBe(true);
    expect(isPublicHttpsUrl('https://[::ffff:10.1.2.3]/hook')).toBe(false);
    expect(isPublicHttpsUrl('https://[::ffff:127.0.0.1]/hook')).toBe(false);
  });

  it('refuses a private address at connect with an answer saying why, never a throw, and sends nothing', async () => {
    await expect(send(`http://[::ffff:127.0.0.1]:${port()}/hook`)).resolves.toEqual({
      status: null,
      error: '::ffff:7f00:1 is not a public address',
    });
    await expect(send(`http://127.0.0.1:${port()}/hook`)).resolves.toEqual({
      status: null,
      error: '127.0.0.1 is not a public address',
    });
    // A name is judged by what it resolves to, when the connection is made.
    await expect(send(`http://localhost:${port()}/hook`)).resolves.toEqual({
      status: null,
      error: expect.stringMatching(/^localhost resolves to \S+, not a public address$/),
    });
    expect(receiver.requests).toEqual([]);
    // A host WEBHOOK_ALLOW_HOSTS names is an internal receiver: reached.
    await expect(
      send(`http://127.0.0.1:${port()}/hook`, { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }),
    ).resolves.toEqual({ status: 204, error: null });
    expect(receiver.requests.map((request) => request.path)).toEqual(['/hook']);
  });
});
