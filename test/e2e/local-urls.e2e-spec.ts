import { spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { hasBuild, startApiProcess } from '../support/api-process';
import { SIMPLE_EMAIL } from '../support/previews';
import { basicAuth, createApplication } from '../support/run-cli';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_DATABASE } from '../support/test-database';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The default setup's capture URLs (`http://<client>.capture.localhost:<port>/...`) as a
 * server-side integrator follows them: with Node's fetch (the system resolver, not a
 * browser's built-in *.localhost rule), and Python's urllib where Python is installed.
 */
(TEST_DATABASE === 'sqlite' && hasBuild() ? describe : describe.skip)(
  'Local capture URLs that every client can follow',
  () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('resolves *.localhost to loopback through the system resolver', async () => {
      const addresses = await lookup('ol2019.capture.localhost', { all: true });
      expect(addresses.map((entry) => entry.address)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]),
      );
    });

    it('lets Node fetch follow full_url of the default setup to the PNG', async () => {
      const app = await createApplication(t);
      const api = await startApiProcess({
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
        EXPIRY_INTERVAL: '0',
      });
      try {
        const posted = await fetch(`${api.url}/v1/emails`, {
          method: 'POST',
          headers: { Authorization: basicAuth(app.api_key), 'Content-Type': 'application/json' },
          body: JSON.stringify({ html_text: SIMPLE_EMAIL }),
        });
        const { email_guid } = (await posted.json()) as { email_guid: string };
        const preview = await fetch(`${api.url}/v1/emails/${email_guid}/previews/GMAILNEW`);
        const { full_url } = (await preview.json()) as { full_url: string };
        expect(full_url).toMatch(/^http:\/\/gmailnew\.capture\.localhost:\d+\//);
        const image = await fetch(full_url); // follows the capture host's redirect too
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(PNG_SIGNATURE);

        const python = spawnSync(
          'python3',
          [
            '-c',
            'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).status)',
            full_url,
          ],
          { encoding: 'utf8', timeout: 30_000 },
        );
        if (python.error) console.warn(`python3 not run: ${python.error.message}`);
        else expect(python.stdout.trim()).toBe('200');
      } finally {
        await api.stop();
      }
    });
  },
);
