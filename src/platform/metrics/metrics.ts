import { Injectable } from '@nestjs/common';
import { EngineCpu } from './engine-cpu';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Render phases, as the renderer times them: preparation, the screenshot, PNG encoding. */
export type RenderPhase = 'prepare' | 'screenshot' | 'encode';

/**
 * This process's Prometheus metrics (prom-client), served at /metrics. One registry per
 * process: API processes and workers each report what they do.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly captures = new Counter({
    name: 'instant_preview_captures_total',
    help: 'Capture attempts by client and outcome (captured, failed, timed-out, gone, superseded)',
    labelNames: ['client', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly renderSeconds = new Histogram({
    name: 'instant_preview_render_phase_seconds',
    help: 'Time of each render phase (prepare, screenshot, encode) by the engine that drew it',
    labelNames: ['phase', 'engine'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly dedupeHits = new Counter({
    name: 'instant_preview_render_dedupe_hits_total',
    help: 'Captures whose pixels came from a render made for another client of the same email',
    registers: [this.registry],
  });

  readonly queueWaitSeconds = new Histogram({
    name: 'instant_preview_queue_wait_seconds',
    help: 'Time a capture job waited for a render slot',
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  private queueDepthSource: () => number = () => 0;

  readonly queueDepth: Gauge = new Gauge({
    name: 'instant_preview_queue_depth',
    help: 'Capture jobs waiting for a slot in this process (embedded mode)',
    registers: [this.registry],
    collect: (): void => this.queueDepth.set(this.queueDepthSource()),
  });

  readonly browserRestarts = new Counter({
    name: 'instant_preview_browser_restarts_total',
    help: 'Browser relaunches after a crash or disconnection',
    registers: [this.registry],
  });

  readonly captureCpuSeconds = new Histogram({
    name: 'instant_preview_capture_cpu_seconds',
    help: "CPU time of a capture's phases in this process: prepare (the thread that prepared the email), thumbnails (this process's image threads while one render's thumbnails were made, between renders). The engines' is instant_preview_engine_cpu_seconds_total",
    labelNames: ['phase'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  private readonly engineCpu = new EngineCpu();
  readonly engineCpuSeconds = new Counter({
    name: 'instant_preview_engine_cpu_seconds_total',
    help: "CPU used by the engines' processes under this one (browsers, drivers, renderers; spamd, as engine=spamd), by engine; this process's own is instant_preview_process_cpu_seconds_total",
    labelNames: ['engine'] as const,
    registers: [this.registry],
    collect: () => {
      for (const [engine, seconds] of this.engineCpu.since())
        this.engineCpuSeconds.inc({ engine }, seconds);
    },
  });

  readonly httpRequests = new Counter({
    name: 'instant_preview_http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpSeconds = new Histogram({
    name: 'instant_preview_http_request_duration_seconds',
    help: 'HTTP request duration by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'instant_preview_' });
  }

  /** Read at each scrape: the queue that knows its depth says it. */
  watchQueueDepth(source: () => number): void {
    this.queueDepthSource = source;
  }

  /** A render shared from another client's has no screenshot or encode of its own. */
  recordRender(
    engine: string,
    timings: { prepareMs: number; captureMs: number; imagesMs: number },
    shared: boolean,
  ): void {
    this.renderSeconds.observe({ phase: 'prepare', engine }, timings.prepareMs / 1000);
    if (shared) return;
    this.renderSeconds.observe({ phase: 'screenshot', engine }, timings.captureMs / 1000);
    this.renderSeconds.observe({ phase: 'encode', engine }, timings.imagesMs / 1000);
  }
}
