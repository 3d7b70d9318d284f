import { Controller, Get } from '@nestjs/common';
import { ClientCatalog } from '../rendering/catalog/client-catalog';

/** The client list and each client's options (CONTRACT "Clients"); no authentication. */
@Controller('v1/clients')
export class ClientsController {
  constructor(private readonly catalog: ClientCatalog) {}

  @Get()
  codes(): string[] {
    return this.catalog.codes();
  }

  @Get('configurations')
  configurations(): Record<string, unknown> {
    return Object.fromEntries(
      this.catalog.all().map((profile) => [
        profile.code,
        {
          orientation_options: profile.orientation_options,
          images_options: profile.images_options,
          name: profile.name,
          group: profile.group,
          platform: profile.platform,
          status: profile.status,
          engine: profile.engine,
          emulation: profile.emulation,
          viewport: profile.viewport,
          device_scale_factor: profile.device_scale_factor,
          dark: profile.dark,
          caniemail: profile.caniemail,
          rules: profile.rules,
        },
      ]),
    );
  }
}
