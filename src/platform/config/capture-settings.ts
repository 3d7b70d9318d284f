import { hostname } from 'node:os';
import { Environment } from './environment';
import { RunMode } from './run-mode';

export interface CaptureSettings {
  concurrency: number;
  /**
   * Captures in progress per process: twice the renders, so that one capture's
   * preparation, PNG sizes and storage overlap another's time in the browser.
   */
  jobsAtOnce: number;
  timeoutMs: number;
  waitLimitMs: number;
  leaseMs: number;
  renderMemoryMb: number;
  renderYieldAfterCpuMs: number;
  renderShareMb: number;
  renderContextIdleMs: number;
  renderWarmContexts: boolean;
  /** ENGINE_WARM_UP: the engines start with the service, not at their first capture. */
  engineWarmUp: boolean;
  shutdownGraceMs: number;
  instanceName: string;
  queueLimit: number;
  /** A job that would wait longer than this for a slot, at the measured drain rate, is refused (503). */
  queueWaitMs: number;
  browserRecycleAfter: number;
}

export interface PreparationSettings {
  threads: number;
  timeoutMs: number;
  memoryMb: number;
}

export function captureSettings(env: Environment, runMode: RunMode): CaptureSettings {
  return {
    concurrency: env.CAPTURE_CONCURRENCY,
    jobsAtOnce: env.CAPTURE_CONCURRENCY * 2,
    timeoutMs: env.CAPTURE_TIMEOUT_MS,
    waitLimitMs: env.CAPTURE_WAIT_LIMIT_MS,
    leaseMs: env.CAPTURE_LEASE_MS,
    renderMemoryMb: env.RENDER_MEMORY_MB,
    renderYieldAfterCpuMs: env.RENDER_YIELD_AFTER_CPU_MS,
    renderShareMb: env.RENDER_SHARE_MB,
    renderContextIdleMs: env.RENDER_CONTEXT_IDLE_MS,
    renderWarmContexts: env.RENDER_WARM_CONTEXTS,
    engineWarmUp: env.ENGINE_WARM_UP,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    instanceName: env.INSTANCE_NAME || defaultInstanceName(runMode),
    queueLimit: env.CAPTURE_QUEUE_LIMIT,
    // A request waits CAPTURE_WAIT_LIMIT_MS in all: queue time, then its own render.
    queueWaitMs: Math.max(
      env.CAPTURE_WAIT_LIMIT_MS - env.CAPTURE_TIMEOUT_MS,
      env.CAPTURE_WAIT_LIMIT_MS / 2,
    ),
    browserRecycleAfter: env.BROWSER_RECYCLE_AFTER,
  };
}

export function preparationSettings(env: Environment): PreparationSettings {
  return {
    threads: env.PREPARE_THREADS,
    timeoutMs: env.PREPARE_TIMEOUT_MS,
    memoryMb: env.PREPARE_MEMORY_MB,
  };
}

function defaultInstanceName(runMode: RunMode): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 40) || 'host';
  return runMode === 'scale-out' ? `${host}-${process.pid}` : host;
}
