import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { UsageModule } from '../billing/usage.module';
import { CapturePrefetch } from '../emails/capture-prefetch';
import { EmailStoreModule } from '../emails/email-store.module';
import { BullMqCaptureQueue } from './queue/bullmq-capture-queue';
import { CaptureQueue } from './queue/capture-queue';
import { InProcessCaptureQueue } from './run/in-process-capture-queue';
import { CaptureCoordinator } from './run/capture-coordinator';
import { CaptureDrain } from './run/capture-drain';
import { CaptureLeases } from './run/capture-leases';
import { CapturePrefetchAdapter } from './run/capture-prefetch.adapter';
import { CaptureProcessor } from './run/capture-processor';
import { CaptureRecovery } from './run/capture-recovery';
import { CaptureShutdown } from './run/capture-shutdown';
import { CaptureThumbnails } from './run/capture-thumbnails';
import { RenderFirst } from './run/render-first';
import { CaptureConfigurations } from './state/capture-configuration';
import { CaptureFileHolder } from './state/capture-file-holder';
import { CaptureStateMachine } from './state/capture-state-machine';
import { CaptureRepository } from './state/capture.repository';

/** The processes that load captures, each taking its part (processes/process-modules.ts). */
export type CapturesPart = 'api' | 'worker' | 'cli';

/** The capture rows and their files: every process (expiry and webhooks read them too). */
const STATE: Provider[] = [CaptureRepository, CaptureStateMachine, CaptureFileHolder];

/** Rendering a capture: the processes that render (an API in embedded mode, a worker). */
const RUN: Provider[] = [
  CaptureLeases,
  CaptureProcessor,
  CaptureThumbnails,
  CaptureDrain,
  RenderFirst,
];

/** Capture-once for requests: the coordinator, the queue port and its adapters (the API). */
const COORDINATION: Provider[] = [
  CaptureConfigurations,
  CaptureCoordinator,
  { provide: CapturePrefetch, useClass: CapturePrefetchAdapter },
  InProcessCaptureQueue,
  BullMqCaptureQueue,
  CaptureShutdown,
  CaptureRecovery,
  {
    // The run mode chooses the adapter: BullMQ workers (scale-out) or this process (embedded).
    provide: CaptureQueue,
    inject: [AppConfig, InProcessCaptureQueue, BullMqCaptureQueue],
    useFactory: (config: AppConfig, local: InProcessCaptureQueue, shared: BullMqCaptureQueue) =>
      config.runMode === 'scale-out' ? shared : local,
  },
];

const PARTS: Record<CapturesPart, Provider[]> = {
  api: [...STATE, ...RUN, ...COORDINATION],
  worker: [...STATE, ...RUN],
  cli: STATE,
};

/**
 * Captures (docs/architecture.md#capture-path): state (rows, files, the state machine), run
 * (the coordinator, the processor, leases, drain, recovery) and queue (the port and its
 * adapters), one module of which each process loads its part: the CLI only the rows, a worker
 * the render too, the API everything. Global, so that the modules using captures (previews,
 * checks, comparisons, expiry, webhooks, inbox views) and emails' CapturePrefetch port reach it
 * without importing it. HTTP lives in http/previews.
 */
@Global()
@Module({})
export class CapturesModule {
  static for(part: CapturesPart): DynamicModule {
    const providers = PARTS[part];
    return {
      module: CapturesModule,
      imports: [UsageModule, EmailStoreModule],
      providers,
      exports: providers.map((provider) => ('provide' in provider ? provider.provide : provider)),
    };
  }
}
