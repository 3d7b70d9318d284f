import { loadConfig } from '../../src/config/app-config';
import { Renderer } from '../../src/rendering/render';

/** A Renderer as the app configures it (CHROMIUM_PATH from the environment, if set). */
export function testRenderer(
  overrides: {
    concurrency?: number;
    recycleAfter?: number;
    yieldAfterCpuMs?: number;
    timeoutMs?: number;
    contextIdleMs?: number;
    warmContexts?: boolean;
    shareMaxMb?: number;
  } = {},
): Renderer {
  const config = loadConfig(process.env);
  return new Renderer({
    executablePath: config.chromiumPath,
    concurrency: overrides.concurrency ?? 2,
    recycleAfter: overrides.recycleAfter ?? 100,
    timeoutMs: overrides.timeoutMs ?? 30000,
    yieldAfterCpuMs: overrides.yieldAfterCpuMs,
    contextIdleMs: overrides.contextIdleMs,
    warmContexts: overrides.warmContexts,
    shareMaxMb: overrides.shareMaxMb,
  });
}
