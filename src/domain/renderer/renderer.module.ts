import { Metrics } from '../../platform/metrics/metrics';
import {
  Global,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import {
  ClientAliases,
  clientAliases,
  ClientCatalog,
  clientCatalog,
  CachingPreparer,
  WorkerPreparer,
  Renderer,
  EngineJail,
} from '../../rendering';
import { plannedSandbox, rendererOptions } from './renderer-options';

/**
 * The Nest face of the rendering library: one Renderer (one browser per engine) per process.
 * Where this process renders (embedded; a scale-out worker starts its own), the engines start
 * with it (ENGINE_WARM_UP). The browser closes last on shutdown, after captures in flight had
 * their grace.
 */
@Injectable()
export class RendererLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly renderer: Renderer,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.runMode === 'embedded') warmUp(this.renderer, this.config);
  }

  onApplicationShutdown(): Promise<void> {
    return this.renderer.close();
  }
}

/**
 * Starts the engines in the background: the service answers meanwhile (readiness says which
 * engines are starting); one that fails is named in the log and in readiness, and its first
 * capture tries again.
 */
export function warmUp(renderer: Renderer, config: AppConfig): void {
  if (!config.capture.engineWarmUp) return;
  const logger = new Logger('Renderer');
  const started = Date.now();
  renderer.start().then(
    () => logger.log(`engines started in ${Date.now() - started} ms`),
    (error: Error) => logger.error(error.message),
  );
}

@Global()
@Module({
  providers: [
    { provide: ClientCatalog, useValue: clientCatalog },
    { provide: ClientAliases, useValue: clientAliases },
    {
      provide: Renderer,
      inject: [AppConfig, ClientCatalog, Metrics],
      useFactory: (config: AppConfig, catalog: ClientCatalog, metrics: Metrics) => {
        const sandbox = plannedSandbox(config);
        const logger = new Logger('Renderer');
        logger.log(EngineJail.for(config.engineUser).description);
        if (sandbox.mode === 'off') logger.warn(`Chromium sandbox ${sandbox.reason}`);
        else logger.log(`Chromium sandbox ${sandbox.reason}`);
        return new Renderer(
          rendererOptions(config, {
            sandbox: sandbox.mode,
            onSandboxOff: (reason) => logger.warn(`Chromium sandbox OFF: ${reason}`),
            onEngineSandbox: (engine, state) =>
              (state.startsWith('on') ? logger.log : logger.warn).call(
                logger,
                `${engine} sandbox ${state}`,
              ),
            onBrowserRestart: () => metrics.browserRestarts.inc(),
            // Off the event loop, each email prepared once per client and options.
            preparer: new CachingPreparer(new WorkerPreparer(config.preparation)),
          }),
          catalog,
        );
      },
    },
    RendererLifecycle,
  ],
  exports: [ClientCatalog, ClientAliases, Renderer],
})
export class RenderingModule {}
