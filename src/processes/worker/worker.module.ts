import { WorkerMetricsServer } from '../../platform/metrics/metrics-server';
import { Module } from '@nestjs/common';
import { modulesOf } from '../process-modules';
import { RenderWorker } from './render-worker';

/** The worker process: rendering, storage, billing and expiry; no HTTP server. */
@Module({
  imports: modulesOf('worker'),
  providers: [RenderWorker, WorkerMetricsServer],
})
export class WorkerModule {}
