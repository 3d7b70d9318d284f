import { spawn } from 'node:child_process';
import { EngineCpu, engineOfProcess } from '../../src/metrics/engine-cpu';

describe('EngineCpu: the CPU of the processes under this one, by engine', () => {
  it('names the engine of each browser and driver process', () => {
    expect(
      [
        'chrome',
        'headless_shell',
        'WebKitWebDriver',
        'MiniBrowser',
        'geckodriver',
        'firefox-esr',
        'Xvfb',
        'sh',
        // The jails name themselves after their engine; all below one is filed under it.
        'jail-chromium',
        'jail-webkit',
        'jail-gecko',
      ].map(engineOfProcess),
    ).toEqual([
      'chromium',
      'chromium',
      'webkit',
      'webkit',
      'gecko',
      'gecko',
      'display',
      'other',
      'chromium',
      'webkit',
      'gecko',
    ]);
  });

  it('adds what a child used since the last reading, and only that', async () => {
    const cpu = new EngineCpu();
    cpu.since();
    // A child that burns 300 ms of its own CPU time, then waits to be read.
    const child = spawn(process.execPath, [
      '-e',
      'const s = process.cpuUsage(); while ((u => u.user + u.system)(process.cpuUsage(s)) < 300000); console.log("done"); setTimeout(() => {}, 30000)',
    ]);
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const used = cpu.since();
      expect(used.get('other')).toBeGreaterThanOrEqual(0.25);
      const again = cpu.since();
      expect(again.get('other') ?? 0).toBeLessThan(0.1); // it now waits
    } finally {
      child.kill();
    }
  });
});
