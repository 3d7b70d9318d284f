import { loadConfig } from '../../src/platform/config/app-config';
import { Renderer, RendererOptions } from '../../src/rendering/render';
import { LIBRARY_ALONE, rendererOptions } from '../../src/domain/renderer/renderer-options';

/**
 * The rendering library alone (CHROMIUM_PATH from the environment, if set): two renders at
 * a time, none of the service's extras unless a test turns one on.
 */
export function testRenderer(overrides: Partial<RendererOptions> = {}): Renderer {
  return new Renderer(
    rendererOptions(loadConfig(process.env), {
      ...LIBRARY_ALONE,
      concurrency: 2,
      recycleAfter: 100,
      timeoutMs: 30000,
      ...overrides,
    }),
  );
}
