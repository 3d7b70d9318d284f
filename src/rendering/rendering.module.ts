import { Global, Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ClientCatalog, clientCatalog } from './catalog/client-catalog';
import { Renderer } from './render';

/** The Nest face of the rendering library: one Renderer (one browser) per process. */
@Injectable()
export class RendererLifecycle implements OnModuleDestroy {
  constructor(private readonly renderer: Renderer) {}
  onModuleDestroy(): Promise<void> {
    return this.renderer.close();
  }
}

@Global()
@Module({
  providers: [
    { provide: ClientCatalog, useValue: clientCatalog },
    {
      provide: Renderer,
      inject: [AppConfig, ClientCatalog],
      useFactory: (config: AppConfig, catalog: ClientCatalog) =>
        new Renderer(
          {
            executablePath: config.chromiumPath,
            concurrency: config.capture.concurrency,
            recycleAfter: config.capture.browserRecycleAfter,
            timeoutMs: config.capture.timeoutMs,
          },
          catalog,
        ),
    },
    RendererLifecycle,
  ],
  exports: [ClientCatalog, Renderer],
})
export class RenderingModule {}
