import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../../src/platform/config/app-config';
import { WebhookSecrets } from '../../../../src/domain/webhooks/webhook-secrets';

const SIGNING_SECRET = 'signing-secret-of-an-older-release-0123';
const KEY_ONE = 'webhook-secret-key-one-0123456789abcdef';
const KEY_TWO = 'webhook-secret-key-two-0123456789abcdef';
/** Sealed by the release before WEBHOOK_SECRET_KEY, under a key derived from SIGNING_SECRET. */
const SEALED_BEFORE = {
  secret: 'whsec_8T1SRhknT1OIPpatN7N49+4IF0l00XVuiUxv9iA2gQ8=',
  sealed:
    'nq2Ax7sreW6Fag1Xi2DG_0DcYI5liYrRybHHBNIs1WOpk_IklZdeuXQoapkkJQ1XfjA507tsj3j9fswHpDx06AqpMPEz33wpJA5e0TnS',
};
const NO_KEY_OPENS = /does not open with WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_PREVIOUS/;

describe('webhook secrets sealed under WEBHOOK_SECRET_KEY', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'ip-webhook-secrets-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const secretsWith = (env: Record<string, string>) =>
    new WebhookSecrets(
      loadConfig({ DATA_DIR: dataDir, OAUTH_SIGNING_SECRET: SIGNING_SECRET, ...env }),
    );

  it('seals under the current key; after a rotation the previous key still opens, and new seals use the current one', () => {
    const before = secretsWith({ WEBHOOK_SECRET_KEY: KEY_ONE });
    const secret = before.generate();
    const sealed = before.seal(secret);
    const rotated = secretsWith({
      WEBHOOK_SECRET_KEY: KEY_TWO,
      WEBHOOK_SECRET_KEY_PREVIOUS: KEY_ONE,
    });
    expect(rotated.open(sealed)).toBe(secret);
    expect(rotated.isCurrent(sealed)).toBe(false);
    const resealed = rotated.seal(secret);
    expect(rotated.isCurrent(resealed)).toBe(true);
    // The new seal is the new key's alone; the old one, once the previous key is gone, opens under none.
    expect(() => secretsWith({ WEBHOOK_SECRET_KEY: KEY_ONE }).open(resealed)).toThrow(NO_KEY_OPENS);
    expect(secretsWith({ WEBHOOK_SECRET_KEY: KEY_TWO }).open(resealed)).toBe(secret);
    expect(() => secretsWith({ WEBHOOK_SECRET_KEY: KEY_TWO }).open(sealed)).toThrow(NO_KEY_OPENS);
  });

  it('opens what the release before WEBHOOK_SECRET_KEY sealed under the signing secret', () => {
    const secrets = secretsWith({ WEBHOOK_SECRET_KEY: KEY_TWO });
    expect(secrets.open(SEALED_BEFORE.sealed)).toBe(SEALED_BEFORE.secret);
    expect(secrets.isCurrent(SEALED_BEFORE.sealed)).toBe(false);
    const otherSigningSecret = new WebhookSecrets(
      loadConfig({
        DATA_DIR: dataDir,
        OAUTH_SIGNING_SECRET: `another-${SIGNING_SECRET}`,
        WEBHOOK_SECRET_KEY: KEY_TWO,
      }),
    );
    expect(() => otherSigningSecret.open(SEALED_BEFORE.sealed)).toThrow(NO_KEY_OPENS);
  });

  it('embedded without WEBHOOK_SECRET_KEY: a key made once and kept in DATA_DIR, owner-only, the same at every start', () => {
    const first = secretsWith({});
    const sealed = first.seal('whsec_kept');
    expect(statSync(join(dataDir, 'webhook-secret-key')).mode & 0o777).toBe(0o600);
    const restarted = secretsWith({});
    expect(restarted.isCurrent(sealed)).toBe(true);
    expect(restarted.open(sealed)).toBe('whsec_kept');
  });
});
