import { readdirSync, readFileSync } from 'node:fs';
import type { Renderer } from '../../src/rendering/render';
import { BLUR_BOMB } from '../support/hostile-emails';
import { chromiumProcesses } from '../support/process-tree';
import { testRenderer } from '../support/renderer';

const DEFAULT = { images: 'allowed', orientation: 'vertical' } as const;

/** The nice value of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
  } catch {
    return []; // gone
  }
}

/**
 * Samples renderers while `render` runs: did one have every thread at the lowest priority?
 * Sampling lasts as long as the render, whatever the machine's load, not a fixed time.
 * What was last seen is kept, so a failure says what the renderers' threads were at.
 */
async function sawYieldedRenderer(render: Promise<unknown>) {
  let running = true;
  void render.finally(() => (running = false));
  let lastSeen: number[][] = [];
  while (running) {
    lastSeen = chromiumProcesses().renderers.map(({ pid }) => threadNiceness(pid));
    if (lastSeen.some((niceness) => niceness.length > 1 && niceness.every((nice) => nice === 19))) {
      return { yielded: true, lastSeen };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { yielded: false, lastSeen };
}

describe.each([
  { yieldAfterCpuMs: 400, yields: true },
  { yieldAfterCpuMs: 0, yields: false },
])('renderer CPU budget $yieldAfterCpuMs ms', ({ yieldAfterCpuMs, yields }) => {
  let renderer: Renderer;
  beforeAll(() => {
    renderer = testRenderer({ concurrency: 1, yieldAfterCpuMs, timeoutMs: 6000 });
  });
  afterAll(() => renderer.close());

  it(`${yields ? 'demotes' : 'leaves alone'} every thread of a renderer burning CPU`, async () => {
    const heavy = renderer
      .render({ html: BLUR_BOMB, text: null, images: [] }, 'NOTES10', DEFAULT)
      .catch((error: Error) => error);
    const seen = await sawYieldedRenderer(heavy);
    const outcome = await heavy;
    expect({ ...seen, outcome: String(outcome) }).toMatchObject({ yielded: yields });
    expect(outcome).toBeInstanceOf(Error); // the deadline still ends it
  });
});
