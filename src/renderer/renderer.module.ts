import { Metrics } from '../metrics/metrics';
import { Global, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ClientCatalog, clientCatalog } from '../rendering/catalog/client-catalog';
import { CachingPreparer } from '../rendering/prepare/preparation-cache';
import { WorkerPreparer } from '../rendering/prepare/preparer';
import { Renderer } from '../rendering/render';
import { EngineJail } from '../rendering/engine/jail/jail';
import { planSandbox, sandboxFacts } from '../rendering/engine/chromium/sandbox';
import { rendererOptions } from './renderer-options';

/**
 * The Nest face of the rendering library: one Renderer (one browser) per process. The
 * browser closes last on shutdown, after captures in flight had their grace.
 */
@Injectable()
export class RendererLifecycle implements OnApplicationShutdown {
  constructor(private readonly renderer: Renderer) {}
  onApplicationShutdown(): Promise<void> {
    return this.renderer.close();
  }
}

@Global()
@Module({
  providers: [
    { provide: ClientCatalog, useValue: clientCatalog },
    {
      provide: Renderer,
      inject: [AppConfig, ClientCatalog, Metrics],
      useFactory: (config: AppConfig, catalog: ClientCatalog, metrics: Metrics) => {
        const sandbox = planSandbox(config.chromiumSandbox, sandboxFacts(config.engineUser));
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
  exports: [ClientCatalog, Renderer],
})
export class RenderingModule {}
