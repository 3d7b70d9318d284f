import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import { AppConfig } from '../config/app-config';
import { Metrics } from './metrics';

/**
 * Workers have no HTTP API: this serves their /metrics alone, on WORKER_METRICS_PORT (0: off),
 * so that captures rendered in workers are counted where Prometheus can scrape them.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerMetricsServer.name);
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.workerMetricsPort;
    if (!port) return;
    this.server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.metrics.registry.metrics().then(
        (text) =>
          response.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, this.config.host, resolve);
    });
    this.logger.log(`metrics on http://${this.config.host}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(null)));
  }
}
