import { sampleProcess } from '../../../../src/base/system/procfs';

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
});
