import { spawn } from 'node:child_process';
import { commandLine, descendants, sampleProcess } from '../../src/rendering/engine/procfs';

describe('procfs', () => {
  it('samples this process: its parent, CPU time and resident memory', async () => {
    const sample = await sampleProcess(process.pid);
    expect(sample).toMatchObject({ pid: process.pid, ppid: process.ppid });
    expect(sample!.cpuMs).toBeGreaterThan(0);
    // Within a factor of two of what Node reports (the two are read moments apart).
    const rss = process.memoryUsage().rss;
    expect(sample!.rssBytes).toBeGreaterThan(rss / 2);
    expect(sample!.rssBytes).toBeLessThan(rss * 2);
  });

  it('answers null for a process that is gone', async () => {
    expect(await sampleProcess(2 ** 22 + 1)).toBeNull();
  });

  it('finds grandchildren, not only children, with their command lines', async () => {
    const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    let below: number[] = [];
    try {
      for (let tries = 0; tries < 50 && below.length < 2; tries++) {
        below = await descendants(process.pid);
        if (below.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(below).toContain(child.pid);
      const commands = await Promise.all(below.map(commandLine));
      expect(commands.some((command) => command.startsWith('sleep'))).toBe(true);
    } finally {
      for (const pid of below) process.kill(pid, 'SIGKILL');
    }
  });
});
