import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWorkerFromSource } from '../support/worker-process';

/**
 * A render worker takes its jobs from Redis: started without REDIS_URL it refuses in one
 * line (EX_CONFIG), before it writes anything (no database, no secrets in DATA_DIR), rather
 * than making an embedded installation's files and dying with a stack trace.
 */
describe('A worker without REDIS_URL', () => {
  it('refuses in one line and writes nothing', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'ip-worker-no-redis-'));
    const dataDir = join(scratch, 'data');
    try {
      const environment: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
      };
      delete environment.REDIS_URL;
      delete environment.DATABASE_URL;
      const worker = runWorkerFromSource(environment, scratch);
      expect(worker.status).toBe(78); // EX_CONFIG
      expect(worker.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^worker: REDIS_URL is required/),
      ]);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
