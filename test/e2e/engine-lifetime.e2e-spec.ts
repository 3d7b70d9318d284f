import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import request from 'supertest';
import { readProc } from '../../src/base/system/procfs';
import { ApiProcess, hasBuild, startApiProcess } from '../support/api-process';
import { descendants, ProcessInfo } from '../support/process-tree';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestAppData } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';
import { until } from '../support/until';

/** One capture per engine: every engine is up, with its helpers, when the service is killed. */
const CLIENTS = ['GMAILNEW', 'IPHONE13', 'THUNDERBIRDLATEST'];

const alive = (pid: number) => {
  const state = readProc(`/proc/${pid}/stat`)?.split(') ')[1]?.[0];
  return state !== undefined && state !== 'Z';
};

/** `<pid>:<start time>`: the marker a service's engines carry (jail/orphans.ts). */
const markerOf = (pid: number) =>
  `${pid}:${readProc(`/proc/${pid}/stat`)!.split(') ')[1].split(' ')[19]}`;

async function prepareData(): Promise<{ data: TestAppData; apiKey: string }> {
  const t = await createTestApp();
  const { api_key: apiKey } = await createApplication(t);
  const { data } = t;
  await t.close({ keepData: true });
  return { data, apiKey };
}

/** The built service with every engine drawing: its engine processes. */
async function serviceWithEngines(api: ApiProcess, apiKey: string): Promise<ProcessInfo[]> {
  const posted = await request(api.url)
    .post('/v1/emails')
    .set('Authorization', basicAuth(apiKey))
    .send({ html_text: '<p>engines</p>' })
    .expect(200);
  for (const client of CLIENTS)
    await request(api.url)
      .get(`/v1/emails/${posted.body.email_guid}/previews/${client}`)
      .expect(200);
  const engines = descendants(api.pid);
  for (const engine of [
    /chromium/,
    /webkit-renderer\.py/,
    /\/Xvfb /,
    /firefox-esr/,
    /WebKitNetworkProcess/,
  ])
    expect(engines.some((info) => engine.test(info.args))).toBe(true);
  return engines;
}

(hasBuild() ? describe : describe.skip)(`engines die with the service (${TEST_DATABASE})`, () => {
  let data: TestAppData;
  let apiKey: string;
  beforeAll(async () => ({ data, apiKey } = await prepareData()));
  afterAll(async () => {
    await data.database.drop();
    rmSync(data.dir, { recursive: true, force: true });
  });
  const env = () => ({ DATABASE_URL: data.database.url, DATA_DIR: data.dir });

  it('kill -9 of the built service leaves no engine process running, under init or anywhere', async () => {
    const api = await startApiProcess(env());
    const engines = await serviceWithEngines(api, apiKey);
    await api.kill('SIGKILL');
    await until(() => engines.every((engine) => !alive(engine.pid)), 100);
  }, 180_000);

  it('a start ends what a dead run left running: its jails killed outright, a helper of theirs orphaned', async () => {
    const first = await startApiProcess(env());
    const engines = await serviceWithEngines(first, apiKey);
    // What a jail's own parent-death signal cannot cover: the jails killed outright with the
    // service, and a helper of the dead run that outlived them all (it carries the run's marker).
    const leftover = spawn('sleep', ['600'], {
      env: { PATH: '/usr/bin:/bin', INSTANT_PREVIEW_ENGINE: markerOf(first.pid) },
      detached: true,
      stdio: 'ignore',
    });
    leftover.unref();
    const jails = engines.filter((engine) => engine.args.includes('engine-jail.py'));
    expect(jails.length).toBeGreaterThan(0);
    for (const { pid } of [{ pid: first.pid }, ...jails]) process.kill(pid, 'SIGKILL');
    expect(alive(leftover.pid!)).toBe(true);
    const second = await startApiProcess(env());
    try {
      await until(
        () => !alive(leftover.pid!) && engines.every((engine) => !alive(engine.pid)),
        100,
      );
    } finally {
      await second.stop();
    }
  }, 180_000);
});
