import { EngineSet } from '../../../../src/rendering/engine/engine-set';

const POOL = { concurrency: 1, recycleAfter: 10, engineUser: 'instant-preview-engine' };

describe('EngineSet: each profile drawn by its client engine, or by Chromium and why', () => {
  const sets: EngineSet[] = [];
  afterAll(() => Promise.all(sets.map((set) => set.close())));
  const engineSet = (enabled: string[]) => {
    const set = new EngineSet({ ...POOL, enabled });
    sets.push(set);
    return set;
  };

  it('draws with Chromium in the place of an engine ENGINES leaves out, naming the setting', () => {
    const set = engineSet(['chromium']);
    const choice = set.choose('webkit');
    expect(choice.adapter).toBe(set.choose('chromium').adapter);
    expect(choice.identity.name).toBe('chromium');
    expect(choice.instead).toEqual({
      engine: { name: 'webkit' },
      reason: 'WebKit (WebKitGTK) is not enabled here (ENGINES=chromium)',
    });
    expect(set.choose('chromium').instead).toBeUndefined();
    expect(set.running).toEqual(['chromium']);
  });

  it('says an engine absent from readiness is absent, with the reason, and starts nothing', () => {
    const set = engineSet(['chromium', 'gecko']);
    const health = set.health();
    expect(health.find((engine) => engine.name === 'webkit')).toEqual({
      name: 'webkit',
      state: 'absent',
      detail: 'WebKit (WebKitGTK) is not enabled here (ENGINES=chromium,gecko)',
    });
    // Nothing is launched until a capture needs it.
    expect(health.find((engine) => engine.name === 'chromium')?.state).toBe('idle');
  });

  it('draws with Chromium where an enabled engine is not installed, saying what is missing', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const set = engineSet(['chromium', 'webkit', 'gecko']);
      expect(set.choose('webkit').instead?.reason).toMatch(/Xvfb .*is not installed/);
      expect(set.choose('gecko').instead?.reason).toMatch(/Firefox .*is not installed/);
    } finally {
      process.env.PATH = path;
    }
  });

  it("names the installed engines' versions", () => {
    const set = engineSet(['chromium', 'webkit', 'gecko']);
    for (const engine of set.running) expect(set.identity(engine).version).toMatch(/^\d+\.\d+/);
  });
});
