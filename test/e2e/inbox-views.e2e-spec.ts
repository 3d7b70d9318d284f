import request from 'supertest';
import { getAbsolute, postEmail } from '../support/previews';
import { Box, differenceBounds, readPixels } from '../support/pixels';
import { createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const CLIENTS = ['GMAILNEW', 'IPHONE13', 'OL2019', 'OUTLOOKCOM'];
/**
 * Device pixels per CSS pixel of each: two pictures count as the same when they draw a CSS
 * pixel apart at most (Chromium draws the same page that far apart about once in fifty).
 */
const DEVICE_SCALE: Record<string, number> = { GMAILNEW: 1, IPHONE13: 3, OL2019: 1, OUTLOOKCOM: 1 };

/** A newsletter's HTML: a hidden preheader, padded as senders pad it, then the visible body. */
const newsletter = (preheader: string, body = 'View in browser. Dear reader, the cold is here.') =>
  `<!DOCTYPE html><html><head><title>Ignored title</title><style>p{color:#333}</style></head><body>` +
  (preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${preheader}${'&zwnj;&nbsp;'.repeat(150)}</div>`
    : '') +
  `<table role="presentation"><tr><td><p>${body}</p></td></tr></table></body></html>`;

const LONG_SUBJECT =
  'Our biggest winter sale ever starts today with thirty percent off every coat, scarf, glove and boot in every one of our stores and online until Sunday night';
const UNICODE_SUBJECT =
  '冬のセール 🧥 Зимняя распродажа — التخفيضات الشتوية — Winterschlussverkauf: 30 % auf alle Mäntel, Schals, Handschuhe und Stiefel ❄️ '.repeat(
    3,
  );

interface View {
  image_url: string;
  client: string;
  appearance: 'light' | 'dark';
  row: { sender: string; subject: string; preview: string | null; preview_from: string };
  notes: { what: string; rule: string; source: string; assumed?: true }[];
  assumed: boolean;
}

describe(`GET /v1/emails/<guid>/inbox/<client> (${TEST_DATABASE})`, () => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    apiKey = (await createApplication(t)).api_key;
  });
  afterAll(async () => t?.close());

  const email = (fields: Record<string, unknown>) =>
    postEmail(t, { from_address: 'news@acme.example', ...fields }, apiKey);
  const view = async (guid: string, client: string, appearance = 'light') =>
    (
      await request(t.url)
        .get(`/v1/emails/${guid}/inbox/${client}?appearance=${appearance}`)
        .expect(200)
    ).body as View;
  /** The view's PNG, through the capture host and storage, as an <img> would load it. */
  const png = async (answer: View): Promise<Buffer> => {
    const redirect = await getAbsolute(t, answer.image_url).expect(302);
    return (await getAbsolute(t, redirect.headers.location as string).expect(200)).body as Buffer;
  };
  const picture = async (fields: Record<string, unknown>, client: string, appearance = 'light') =>
    png(await view(await email(fields), client, appearance));

  /** Where two pictures of one layout differ, or null when they draw the same (a pixel apart at most). */
  const difference = async (a: Buffer, b: Buffer, client: string): Promise<Box | null> =>
    differenceBounds(await readPixels(a), await readPixels(b), {
      shift: DEVICE_SCALE[client],
      tolerance: 60,
      atLeast: 2 * DEVICE_SCALE[client] ** 2,
    });
  /** The email's row is the first of four: a change to it stays in the picture's top part. */
  const inEmailRow = async (box: Box | null, image: Buffer) => {
    expect(box).not.toBeNull();
    expect(box!.bottom).toBeLessThan((await readPixels(image)).height * 0.4);
  };

  describe.each(CLIENTS)('%s', (client) => {
    it('draws the subject and the hidden preheader in the newest row, and says where the preview came from', async () => {
      const guid = await email({ subject: 'Winter sale', html_text: newsletter('Coats 30% off') });
      const answer = await view(guid, client);
      expect(answer.row).toMatchObject({
        sender: 'news@acme.example',
        subject: 'Winter sale',
        preview_from: 'hidden preheader text',
      });
      expect(answer.row.preview).toMatch(/^Coats 30% off\u00a0/);
      expect(answer.row.preview).not.toContain('Ignored title');
      expect(answer.notes.length).toBeGreaterThan(0);
      for (const note of answer.notes) expect(note.source).not.toBe('');

      const base = await png(answer);
      const otherSubject = await picture(
        { subject: 'Spring sale', html_text: newsletter('Coats 30% off') },
        client,
      );
      await inEmailRow(await difference(base, otherSubject, client), base);
      const otherPreheader = await picture(
        { subject: 'Winter sale', html_text: newsletter('Boots 20% off') },
        client,
      );
      await inEmailRow(await difference(base, otherPreheader, client), base);
      // The padding keeps the body's text out of the preview: a different body draws nothing new.
      const otherBody = await picture(
        {
          subject: 'Winter sale',
          html_text: newsletter('Coats 30% off', 'Something else entirely'),
        },
        client,
      );
      expect(await difference(base, otherBody, client)).toBeNull();
    });

    it('takes the first visible text without a hidden preheader, and the plain part without HTML', async () => {
      const visible = await view(await email({ subject: 'Hi', html_text: newsletter('') }), client);
      expect(visible.row).toMatchObject({
        preview_from: 'first visible text',
        preview: expect.stringMatching(/^View in browser\. Dear reader/),
      });
      const plain = await view(
        await email({ subject: 'Hi', plain_text: 'Plain\n\n  words here' }),
        client,
      );
      expect(plain.row).toMatchObject({ preview_from: 'plain part', preview: 'Plain words here' });
    });

    it('truncates a long subject where the client does: more text past the cut draws the same pixels', async () => {
      const long = await picture({ subject: LONG_SUBJECT, html_text: newsletter('Coats') }, client);
      const longer = await picture(
        { subject: `${LONG_SUBJECT} and beyond`, html_text: newsletter('Coats') },
        client,
      );
      expect(await difference(long, longer, client)).toBeNull();
      const short = await picture(
        { subject: LONG_SUBJECT.slice(0, 12), html_text: newsletter('Coats') },
        client,
      );
      await inEmailRow(await difference(long, short, client), long);
    });

    it('handles a long Unicode subject and an emoji sender', async () => {
      const fields = {
        from_display_name: '🍎 Acme Outfitters',
        subject: UNICODE_SUBJECT,
        html_text: newsletter('Coats ❄️'),
      };
      const answer = await view(await email(fields), client);
      expect(answer.row.sender).toBe('🍎 Acme Outfitters');
      expect(answer.row.subject).toBe(UNICODE_SUBJECT);
      const drawn = await png(answer);
      const longer = await picture({ ...fields, subject: `${UNICODE_SUBJECT}終わり` }, client);
      expect(await difference(drawn, longer, client)).toBeNull();
      const withoutEmoji = await picture(
        { ...fields, from_display_name: 'Acme Outfitters' },
        client,
      );
      await inEmailRow(await difference(drawn, withoutEmoji, client), drawn);
      // The emoji is drawn in colour (Noto Color Emoji): red where the list has none.
      const saturated = ([r, g, b]: [number, number, number]) =>
        Math.max(r, g, b) - Math.min(r, g, b) > 120 && r > 120;
      expect((await readPixels(drawn)).count(saturated)).toBeGreaterThan(
        (await readPixels(withoutEmoji)).count(saturated),
      );
    });

    it('draws a dark list in dark, a light one in light', async () => {
      const guid = await email({ subject: 'Winter sale', html_text: newsletter('Coats') });
      const mean = async (image: Buffer) => {
        const pixels = await readPixels(image);
        let sum = 0;
        for (let y = 0; y < pixels.height; y += 4)
          for (let x = 0; x < pixels.width; x += 4)
            sum += pixels.at(x, y).reduce((a, b) => a + b, 0);
        return sum / ((pixels.height / 4) * (pixels.width / 4) * 3);
      };
      const light = await png(await view(guid, client, 'light'));
      const dark = await view(guid, client, 'dark');
      expect(dark.appearance).toBe('dark');
      expect(await mean(light)).toBeGreaterThan(180);
      expect(await mean(await png(dark))).toBeLessThan(80);
    });
  });

  it('draws a view once: a repeat answers the same image; the image endpoint redirects to it', async () => {
    const guid = await email({ subject: 'Once', html_text: newsletter('Coats') });
    const [first, second] = await Promise.all([view(guid, 'GMAILNEW'), view(guid, 'GMAILNEW')]);
    expect(second.image_url).toBe(first.image_url);
    expect(first.image_url).toMatch(
      new RegExp(
        `^http://gmailnew\\.capture\\.[^/]+/${guid}/results/gmailnew-inbox-light-960\\.png$`,
      ),
    );
    const redirect = await request(t.url)
      .get(`/v1/emails/${guid}/inbox/GMAILNEW/image`)
      .expect(301);
    expect(redirect.headers.location).toBe(first.image_url);
    // Another client's host does not serve it.
    await getAbsolute(t, first.image_url.replace('gmailnew.capture', 'ol2019.capture')).expect(404);
  });

  it('refuses what it cannot draw with the error body', async () => {
    const guid = await email({ subject: 'Hi', html_text: newsletter('Coats') });
    const refused = async (path: string, status: number, description: RegExp) => {
      const response = await request(t.url).get(path).expect(status);
      expect(response.body).toMatchObject({
        status,
        description: expect.stringMatching(description),
      });
    };
    await refused(`/v1/emails/${guid}/inbox/NOPE`, 400, /'client' must be valid/);
    await refused(
      `/v1/emails/${guid}/inbox/THUNDERBIRDLATEST`,
      400,
      /no documented message list.*Gmail on the web/,
    );
    await refused(
      `/v1/emails/${guid}/inbox/GMAILNEW?appearance=sepia`,
      400,
      /'appearance' must be one of 'light', 'dark'/,
    );
    const unknown = await request(t.url)
      .get('/v1/emails/00000000-0000-4000-8000-000000000000/inbox/GMAILNEW')
      .expect(404);
    expect(unknown.body).toMatchObject({ status: 404, title: 'Not Found' });
    await refused('/v1/emails/nope/inbox/GMAILNEW', 400, /standard GUID/);
  });
});
