import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { MAX_SIGNATURES } from '../../src/domain/deliverability/authentication';
import { LocalDns, startDnsServer } from '../support/dns-server';
import { postEmail } from '../support/previews';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

/** How long another request may wait while a hostile one is worked on (the bound). */
const OTHERS_ANSWER_WITHIN_MS = 3000;

/**
 * Runs `work` while /health/live is asked every 200 ms, and answers the longest any of those
 * waited, counted from when it was due: a stall of the event loop between two asks counts too.
 */
async function whileOthersAsk<T>(t: TestApp, work: () => Promise<T>) {
  let done = false;
  let worstMs = 0;
  const asking = (async () => {
    let last = performance.now();
    while (!done) {
      await sleep(200);
      const due = last + 200;
      await request(t.url).get('/health/live').expect(200);
      last = performance.now();
      worstMs = Math.max(worstMs, last - due);
    }
  })();
  try {
    return { result: await work(), worstMs: () => worstMs };
  } finally {
    done = true;
    await asking;
  }
}

const headers = (extra: string[]) =>
  [
    ...extra,
    'From: "Acme" <news@acme.test>',
    'To: sam@example.com',
    'Subject: Hostile',
    'Date: Thu, 26 Nov 2026 10:00:00 +0000',
    'Message-ID: <hostile@acme.test>',
    'MIME-Version: 1.0',
  ].join('\r\n');

describe(`hostile requests leave others served (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let dns: LocalDns;
  beforeAll(async () => {
    dns = await startDnsServer({ '_dmarc.acme.test': [['v=DMARC1; p=none']] });
    t = await createTestApp({ env: { DNS_SERVERS: dns.server } });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('verifies a message of 1,000 DKIM signatures (distinct l= and selectors) off the event loop: the first few, the rest counted', async () => {
    // 1,000 signatures of distinct body lengths and selectors over a 2 MB body: each distinct
    // l= is a hash of the body, each selector a key lookup.
    const signatures = Array.from(
      { length: 1000 },
      (_, n) =>
        `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=acme.test; s=sel${n}; l=${1000 + n}; h=from:subject;\r\n\tbh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA`,
    );
    const body = `${'All the news that fits, and then some more of it. '.repeat(40)}\r\n`.repeat(
      1000,
    );
    const raw = `${headers(signatures)}\r\nContent-Type: text/plain\r\n\r\n${body}`;
    expect(raw.length).toBeGreaterThan(2_000_000);
    const guid = await postEmail(t, { raw_source: raw });
    const asked = dns.queries.length;
    const { result, worstMs } = await whileOthersAsk(t, () =>
      request(t.url).get(`/v1/emails/${guid}/deliverability`).expect(200),
    );
    expect(worstMs()).toBeLessThan(OTHERS_ANSWER_WITHIN_MS);
    const { dkim } = result.body.authentication;
    expect(dkim.signatures).toHaveLength(MAX_SIGNATURES);
    expect(dkim.signatures.map((s: { selector: string }) => s.selector)).toEqual(
      Array.from({ length: MAX_SIGNATURES }, (_, n) => `sel${n}`),
    );
    expect(dkim.not_checked).toEqual({
      signatures: 1000 - MAX_SIGNATURES,
      reason: expect.stringContaining('MaximumSignaturesToVerify'),
    });
    const keyLookups = dns.queries.slice(asked).filter((query) => query.includes('._domainkey.'));
    expect(keyLookups.length).toBeLessThanOrEqual(MAX_SIGNATURES);
    // Larger than spamc would send: not scanned, and said so.
    expect(result.body.spam).toMatchObject({ score: null, not_scanned: expect.any(String) });
  });

  it('draws and answers inbox views of an 8 MB email without reading it again', async () => {
    // Within the element and depth limits: 390 nested divs, 49,000 spans of long text.
    const spans = `<span>Latest news, ${'and more of it '.repeat(10)}</span>`.repeat(49_000);
    const html = `<html><body>${'<div>'.repeat(390)}<p>First words of the newsletter</p>${spans}${'</div>'.repeat(390)}</body></html>`;
    expect(html.length).toBeGreaterThan(7_000_000);
    const guid = await postEmail(t, {
      html_text: html,
      subject: 'Big',
      from_address: 'a@acme.test',
    });
    const view = () => request(t.url).get(`/v1/emails/${guid}/inbox/GMAILNEW`).expect(200);
    const first = await view();
    expect(first.body.row.preview).toMatch(/^First words of the newsletter Latest news, /);
    const { result, worstMs } = await whileOthersAsk(t, () =>
      Promise.all(Array.from({ length: 6 }, view)),
    );
    expect(worstMs()).toBeLessThan(OTHERS_ANSWER_WITHIN_MS);
    for (const answer of result) expect(answer.body.row).toEqual(first.body.row);
  });

  it("scores another account's small message while one account sends many of many parts", async () => {
    const [busy, other] = [await createApplication(t), await createApplication(t)];
    const multipart = (
      parts: number,
      part = `${'Offer of the week, told at length. '.repeat(130)}\r\n`,
    ) =>
      `${headers([])}\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n` +
      Array.from({ length: parts }, () => `--b\r\nContent-Type: text/plain\r\n\r\n${part}`).join(
        '',
      ) +
      '--b--\r\n';
    // Four within the scan limits (90 parts) and one past them (450 parts): none holds both children.
    const busyEmails = [
      ...(await Promise.all(
        [1, 2, 3, 4].map(() => postEmail(t, { raw_source: multipart(90) }, busy.api_key)),
      )),
      await postEmail(t, { raw_source: multipart(450, 'Offer.\r\n') }, busy.api_key),
    ];
    const small = await postEmail(
      t,
      { raw_source: `${headers([])}\r\nContent-Type: text/plain\r\n\r\nHello Sam.\r\n` },
      other.api_key,
    );
    // spamd starts on first use (it compiles its rules): started before anything is timed.
    const warm = await postEmail(t, {
      raw_source: `${headers([])}\r\nContent-Type: text/plain\r\n\r\nWarm up.\r\n`,
    });
    await request(t.url).get(`/v1/emails/${warm}/deliverability`).expect(200);
    const scans = busyEmails.map((guid) => request(t.url).get(`/v1/emails/${guid}/deliverability`));
    await sleep(100);
    const started = performance.now();
    const answer = await request(t.url).get(`/v1/emails/${small}/deliverability`).expect(200);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(typeof answer.body.spam.score).toBe('number');
    const busyAnswers = await Promise.all(scans);
    // Each busy scan is scored, or on a machine too slow for it within the scan's time, a
    // busy server's 503 with Retry-After: which one depends on the machine, not the message.
    for (const done of busyAnswers.slice(0, 4)) {
      expect([200, 503]).toContain(done.status);
      if (done.status === 503) expect(done.headers['retry-after']).toMatch(/^\d+$/);
    }
    expect(busyAnswers[4].status).toBe(200);
    expect(busyAnswers[4].body.spam.not_scanned).toMatch(/45\d MIME parts/);
    // spamd's start and the busy account's scans, one after another, take their time on a
    // slow machine: only the other account's answer is bounded.
  }, 300_000);
});
