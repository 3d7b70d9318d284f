import type { AppConfig } from '../../platform/config/app-config';
import { planEngineSandbox } from '../../rendering';
import type { SandboxPlan, RendererOptions } from '../../rendering';

/**
 * The rendering library alone, without the service's extras: no kept or warm contexts, no
 * renders shared between clients, no memory or CPU budget, no sandbox. What tests and
 * benchmarks of the pipeline itself run.
 */
export const LIBRARY_ALONE = {
  sandbox: 'off',
  memoryMb: 0,
  yieldAfterCpuMs: 0,
  shareMaxMb: 0,
  contextIdleMs: 0,
  warmContexts: false,
} satisfies Partial<RendererOptions>;

/**
 * The Renderer's options as the service runs it, from the validated configuration: assembled
 * here only, for the API and the workers (RenderingModule), the render CLI, tests and
 * benchmarks. `overrides` are what a caller does differently on purpose, and says why.
 */
export function rendererOptions(
  config: AppConfig,
  overrides: Partial<RendererOptions> = {},
): RendererOptions {
  const { capture } = config;
  return {
    settings: config.engineSettings,
    engineUser: config.engineUser,
    engines: config.engines,
    sandbox: overrides.sandbox ?? plannedSandbox(config).mode,
    concurrency: capture.concurrency,
    recycleAfter: capture.browserRecycleAfter,
    timeoutMs: capture.timeoutMs,
    memoryMb: capture.renderMemoryMb,
    yieldAfterCpuMs: capture.renderYieldAfterCpuMs,
    shareMaxMb: capture.renderShareMb,
    contextIdleMs: capture.renderContextIdleMs,
    warmContexts: capture.renderWarmContexts,
    ...overrides,
  };
}

/** The engines' sandbox as the configuration and this machine allow (its engine plans it). */
export function plannedSandbox(config: AppConfig): SandboxPlan {
  return planEngineSandbox(config.engineSettings, config.engineUser);
}
