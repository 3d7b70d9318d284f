import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/platform/config/app-config';
import { planSandbox, sandboxFacts } from '../../src/rendering/engine/chromium/sandbox';
import { testRenderer } from '../support/renderer';

const SCRIPT = join(__dirname, '../support/sandboxed-render.ts');
/** An unprivileged user to render as when the tests run as root. */
const NOBODY = 65534;
const ENGINE_USER = loadConfig(process.env).engineUser;
const facts = sandboxFacts(ENGINE_USER);
const asRoot = process.getuid?.() === 0;

interface Confinement {
  uid: number;
  /** The uid Chromium's browser process ran as. */
  browserUid: number;
  renderers: { seccomp: number; ownUserNamespace: boolean }[];
  redPixels: number;
  width: number;
}

/** Renders in a process of its own, as `uid` when given; answers how its renderers ran. */
function renderIn(mode: string, uid?: number, env: Record<string, string> = {}): Confinement {
  const home = mkdtempSync(join(tmpdir(), 'ip-sandbox-'));
  if (uid !== undefined) spawnSync('chown', [`${uid}:${uid}`, home]);
  const child = spawnSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', SCRIPT, mode],
    {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, HOME: home, TMPDIR: home, ...env },
      encoding: 'utf8',
      timeout: 120_000,
      ...(uid !== undefined && { uid, gid: uid }),
    },
  );
  if (child.status !== 0) throw new Error(`render failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!);
}

/** Why a sandboxed render cannot be tried here, or null. */
function unavailable(): string | null {
  if (facts.userNamespacesRefused) return facts.userNamespacesRefused;
  if (!asRoot) return null;
  try {
    // The unprivileged user must be able to read the project to run the script.
    const probe = spawnSync('test', ['-r', SCRIPT], { uid: NOBODY, gid: NOBODY });
    if (probe.status !== 0) return `user ${NOBODY} cannot read ${SCRIPT}`;
  } catch (error) {
    return `cannot run a process as user ${NOBODY}: ${String(error)}`;
  }
  return null;
}

const reason = unavailable();
if (reason) console.warn(`Sandboxed render test skipped: ${reason}`);

describe("Chromium's sandbox", () => {
  const runAs = asRoot ? NOBODY : undefined;

  (reason ? it.skip : it)(
    'renders with every renderer in its own user namespace under seccomp-bpf, as a non-root user',
    () => {
      expect(planSandbox('auto', { uid: runAs ?? 1000, userNamespacesRefused: null }).mode).toBe(
        'preferred',
      );
      const sandboxed = renderIn('required', runAs);
      expect(sandboxed.uid).not.toBe(0);
      expect(sandboxed.renderers.length).toBeGreaterThan(0);
      for (const renderer of sandboxed.renderers)
        expect(renderer).toEqual({ seccomp: 2, ownUserNamespace: true });
      expect(sandboxed.width).toBeGreaterThan(300);
      expect(sandboxed.redPixels).toBeGreaterThan(10_000);
    },
  );

  (reason ? it.skip : it)(
    'is really off with CHROMIUM_SANDBOX=off (the check above can fail)',
    () => {
      const unconfined = renderIn('off', runAs);
      expect(unconfined.renderers.length).toBeGreaterThan(0);
      for (const renderer of unconfined.renderers)
        expect(renderer).toEqual({ seccomp: 0, ownUserNamespace: false });
      expect(unconfined.redPixels).toBeGreaterThan(10_000);
    },
  );

  (reason || !asRoot ? it.skip : it)(
    'holds every renderer when the service runs as root: the engines run as ENGINE_USER',
    () => {
      expect(planSandbox('auto', facts).mode).toBe('preferred');
      const sandboxed = renderIn('required');
      expect(sandboxed.uid).toBe(0);
      expect(sandboxed.browserUid).toBe(facts.uid);
      expect(sandboxed.browserUid).not.toBe(0);
      expect(sandboxed.renderers.length).toBeGreaterThan(0);
      for (const renderer of sandboxed.renderers)
        expect(renderer).toEqual({ seccomp: 2, ownUserNamespace: true });
    },
  );

  (asRoot ? it : it.skip)(
    'falls back, saying why, when a preferred sandbox cannot start (here: engines as root)',
    async () => {
      const reasons: string[] = [];
      const renderer = testRenderer({
        concurrency: 1,
        sandbox: 'preferred',
        engineUser: 'root',
        onSandboxOff: (why) => reasons.push(why),
      });
      try {
        const result = await renderer.render(
          { html: '<p>fallback</p>', text: null, images: [] },
          'GMAILNEW',
          { images: 'allowed', orientation: 'vertical' },
        );
        expect(result.full.length).toBeGreaterThan(1000);
        expect(reasons).toEqual([
          expect.stringMatching(/^Chromium could not start its sandbox here \(/),
        ]);
      } finally {
        await renderer.close();
      }
    },
  );

  it('is planned from the user and the kernel, and CHROMIUM_SANDBOX=on refuses to boot without it', () => {
    expect(planSandbox('auto', { uid: 1000, userNamespacesRefused: null })).toEqual({
      mode: 'preferred',
      reason: expect.stringMatching(/^on: /),
    });
    expect(planSandbox('on', { uid: 1000, userNamespacesRefused: null }).mode).toBe('required');
    expect(planSandbox('auto', { uid: 0, userNamespacesRefused: null })).toEqual({
      mode: 'off',
      reason: expect.stringMatching(/^OFF: the engines run as root \(ENGINE_USER=root\)/),
    });
    expect(
      planSandbox('auto', { uid: 1000, userNamespacesRefused: 'the kernel says no' }).reason,
    ).toBe('OFF: the kernel says no');
    expect(() => planSandbox('on', { uid: 0, userNamespacesRefused: null })).toThrow(
      /CHROMIUM_SANDBOX=on, but the engines run as root/,
    );
    expect(planSandbox('off', { uid: 1000, userNamespacesRefused: null }).mode).toBe('off');
  });
});
