import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasBuild } from '../support/api-process';
import { TEST_DATABASE } from '../support/test-database';
import { waitForHttp } from '../support/wait-for-http';

/** A path as one shell word, whatever it holds (a checkout in a folder whose name has a space). */
const shellQuoted = (path: string) => `'${path.replaceAll("'", `'\\''`)}'`;

const ROOT = join(__dirname, '../..');

/** The ```sh blocks of one README section, as runnable commands (continuations joined). */
function commandsOf(section: string): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`## ${section}`);
  const text = readme.slice(start, readme.indexOf('\n## ', start + 3));
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, block]) =>
    block
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** Runs commands in one bash, answering each one's output. */
function run(commands: string[], env: Record<string, string>, cwd: string): string[] {
  const script = commands.map((command, i) => `echo "@@@${i}"\n${command}`).join('\n');
  const result = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${result.stderr}`);
  return result.stdout.split(/@@@\d+\n/).slice(1);
}

/**
 * The README's API examples, run as a reader would: the built service started as
 * scripts/start.sh starts it, the CLI through npm, every curl command as written (with the
 * port this test was given).
 */
(TEST_DATABASE === 'sqlite' && hasBuild() ? describe : describe.skip)('README walk-through', () => {
  let service: ChildProcess;
  let port: number;
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'ip-readme-'));
    // No SMTP listener: another lane's service may hold the default 2525.
    env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SMTP_PORT: '0' };
    service = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    await waitForHttp(`http://localhost:${port}/health/live`, service);
  });
  afterAll(() => {
    service.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every curl example of "API examples" and gets what the README shows', () => {
    const [emails, previews] = commandsOf('API examples').map((block) =>
      block.map((command) => command.replaceAll('localhost:3000', `localhost:${port}`)),
    );
    const work = mkdtempSync(join(tmpdir(), 'ip-readme-cwd-'));
    writeFileSync(
      join(work, 'message.eml'),
      'From: a@example.com\r\nTo: b@example.com\r\nSubject: Hi\r\nContent-Type: text/html\r\n\r\n<p>Hi</p>\r\n',
    );
    // "cli" is an npm script of this project: the examples run from its folder.
    const created = run(
      [
        ...emails.map((command) =>
          command.replace(/^KEY=\$\(npm/, `KEY=$(cd ${shellQuoted(ROOT)} && npm`),
        ),
        'echo "$KEY"',
      ],
      env,
      work,
    );
    const key = created.at(-1)!.trim();
    expect(key).toMatch(/^ipk_/);
    const first = JSON.parse(created[1]);
    expect(first).toEqual({
      email_guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      end_user_id: 'user-42',
      configurations: [{ client: 'OL2019', images: 'allowed', orientation: 'vertical' }],
    });
    expect(JSON.parse(created[2]).email_guid).toMatch(/^[0-9a-f-]{36}$/);

    const [, ...steps] = previews; // GUID=... is the reader's to fill in
    const out = run(steps, { ...env, KEY: key, GUID: first.email_guid }, work);
    const preview = JSON.parse(out[0]);
    expect(preview.full_url).toBe(
      `http://ol2019.capture.localhost:${port}/${first.email_guid}/results/ol2019-vertical-blocked-800.png`,
    );
    expect(preview.report_url).toContain('/previews/OL2019/report?images=blocked');
    const report = JSON.parse(out[1]);
    expect(report).toMatchObject({ client: 'OL2019', images: 'blocked' });
    expect(report.entries.length).toBeGreaterThan(0);
    expect(out[2]).toMatch(
      new RegExp(
        `^location: http://ol2019\\.capture\\.localhost:${port}/.+ol2019-vertical-blocked\\.json`,
        'im',
      ),
    );
    expect(out[3]).toMatch(/^HTTP\/1\.1 301/);
    expect(out[3]).toMatch(/^location: .*iphone13-horizontal-allowed-\d+-thumb450\.png/im);
    expect(JSON.parse(out[4])).toEqual({
      configurations: [{ client: 'GMAILNEW', images: 'allowed', orientation: 'vertical' }],
    });
    expect(JSON.parse(out[5]).OL2019.name).toBe('Outlook 2019');
  });
});
