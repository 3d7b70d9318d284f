import { spawn } from 'node:child_process';
import { EngineCpu, engineOfProcess } from '../../../../src/platform/metrics/engine-cpu';

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
        'jail-spamd',
        'jail-unknown',
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
      'spamd',
      'other',
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

  it('counts a process that ended once: not again in the time of the parent that reaped it', async () => {
    const burn =
      'const s = process.cpuUsage(); while ((u => u.user + u.system)(process.cpuUsage(s)) < 300000);';
    // A child whose own child burns 300 ms, says so, and ends when told; the child reaps it.
    const parent = spawn(process.execPath, [
      '-e',
      `const g = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(
        `${burn} console.log('burnt'); process.stdin.once('data', () => process.exit(0));`,
      )}], { stdio: ['pipe', 'pipe', 'inherit'] });
       g.stdout.once('data', () => console.log('burnt'));
       process.stdin.once('data', () => { g.on('exit', () => console.log('reaped')); g.stdin.write('x'); });
       setTimeout(() => {}, 30000);`,
    ]);
    const said = (word: string) =>
      new Promise<void>((resolve) =>
        parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes(word) && resolve()),
      );
    const cpu = new EngineCpu();
    try {
      const burnt = said('burnt');
      cpu.since();
      await burnt;
      expect(cpu.since().get('other')).toBeGreaterThanOrEqual(0.25);
      const reaped = said('reaped');
      parent.stdin.write('x');
      await reaped;
      expect(cpu.since().get('other') ?? 0).toBeLessThan(0.15);
    } finally {
      parent.kill();
    }
  });
});
