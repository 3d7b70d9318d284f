// An email of 100 KB to its first preview ready: sent over SMTP (nodemailer, AUTH with the API
// key) beside the same message POSTed as raw_source, alternately, against the built service on
// SQLite. "Taken" is until the 250 or the 200 naming the email; "first preview" adds the GET of
// its OL2019 preview, which captures (the connection is held until the capture is stored).
// Run: npm run build && npm run bench:smtp-intake
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { freePort } from '../test/support/api-process';
import { marketingEmail } from '../test/support/marketing-email';
import { startServer } from './lib/server';
import { ms, printTable, summarize } from './lib/stats';

interface Timing {
  taken: number;
  ready: number;
}

const RUNS = 15;
const WARM_UP = 3;
const CLIENT = 'OL2019';

async function main() {
  const smtpPort = await freePort();
  const server = await startServer(await freePort(), { SMTP_PORT: String(smtpPort) });
  const html = marketingEmail(100);
  const raw = await new MailComposer({
    from: 'Shop <news@shop.example>',
    to: 'reader@example.com',
    subject: 'Spring sale',
    html,
  })
    .compile()
    .build();
  const auth = `Basic ${Buffer.from(`${server.apiKey}:`).toString('base64')}`;
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    auth: { user: 'bench', pass: server.apiKey },
  });

  const viaSmtp = async (): Promise<string> => {
    const info = await transport.sendMail({
      envelope: { from: 'news@shop.example', to: ['reader@example.com'] },
      raw,
    });
    const guid = /<([0-9a-f-]{36})>/.exec(info.response)?.[1];
    if (!guid) throw new Error(`no guid in ${info.response}`);
    return guid;
  };
  const viaPost = async (): Promise<string> => {
    const answer = await fetch(`${server.url}/v1/emails`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ raw_source: raw.toString('utf8') }),
    });
    if (answer.status !== 200) throw new Error(`POST ${answer.status}: ${await answer.text()}`);
    return ((await answer.json()) as { email_guid: string }).email_guid;
  };
  const firstPreview = async (take: () => Promise<string>) => {
    const start = performance.now();
    const guid = await take();
    const taken = performance.now() - start;
    const preview = await fetch(`${server.url}/v1/emails/${guid}/previews/${CLIENT}`);
    if (preview.status !== 200) throw new Error(`preview ${preview.status}`);
    await preview.arrayBuffer();
    return { taken, ready: performance.now() - start };
  };

  try {
    const samples: Record<'smtp' | 'post', Timing[]> = { smtp: [], post: [] };
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const smtp = await firstPreview(viaSmtp);
      const post = await firstPreview(viaPost);
      if (run < WARM_UP) continue;
      samples.smtp.push(smtp);
      samples.post.push(post);
    }
    const row = (path: string, of: Timing[]) => {
      const taken = summarize(of.map((sample) => sample.taken));
      const ready = summarize(of.map((sample) => sample.ready));
      return {
        path,
        'message KB': (raw.length / 1024).toFixed(1),
        n: ready.n,
        'taken p50 ms': ms(taken.p50),
        'taken p95 ms': ms(taken.p95),
        'first preview p50 ms': ms(ready.p50),
        'first preview p95 ms': ms(ready.p95),
      };
    };
    const smtp = row('SMTP (AUTH, DATA)', samples.smtp);
    const post = row('POST /v1/emails raw_source', samples.post);
    printTable(
      `An email of 100 KB to its first ${CLIENT} preview (SQLite, ${RUNS} runs each, alternating)`,
      [
        smtp,
        post,
        {
          path: 'SMTP / POST',
          'message KB': '',
          n: '',
          'taken p50 ms': (Number(smtp['taken p50 ms']) / Number(post['taken p50 ms'])).toFixed(2),
          'taken p95 ms': (Number(smtp['taken p95 ms']) / Number(post['taken p95 ms'])).toFixed(2),
          'first preview p50 ms': (
            Number(smtp['first preview p50 ms']) / Number(post['first preview p50 ms'])
          ).toFixed(2),
          'first preview p95 ms': (
            Number(smtp['first preview p95 ms']) / Number(post['first preview p95 ms'])
          ).toFixed(2),
        },
      ],
    );
  } finally {
    transport.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
