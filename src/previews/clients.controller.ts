import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Controller, Get } from '@nestjs/common';
import { ClientCatalog } from '../rendering/catalog/client-catalog';
import { familyOf } from '../rendering/families/lookup';
import { fontNote, fontsOf } from '../rendering/fonts/client-fonts';
import type { ClientProfile } from '../rendering/profile/client-profile';

/** The client list and each client's options (CONTRACT "Clients"); no authentication. */
@ApiTags('clients')
@Controller('v1/clients')
export class ClientsController {
  constructor(private readonly catalog: ClientCatalog) {}

  @Get()
  @ApiOperation({ summary: 'Every client code' })
  @ApiOkResponse({
    schema: { type: 'array', items: { type: 'string' }, example: ['OL2019', 'GMAILNEW'] },
  })
  codes(): string[] {
    return this.catalog.codes();
  }

  @Get('configurations')
  @ApiOperation({ summary: 'Each client: its options, and how it is emulated' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          orientation_options: { type: 'array', items: { type: 'string' } },
          images_options: { type: 'array', items: { type: 'string' } },
          name: { type: 'string' },
          group: { type: 'string' },
          platform: { type: 'string' },
          status: { type: 'string' },
          engine: { type: 'string' },
          emulation: { type: 'string' },
          viewport: { type: 'object' },
          device_scale_factor: { type: 'number' },
          dark: { type: 'string' },
          caniemail: {},
          rules: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  })
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
          emulation: emulationNote(profile),
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

/** The profile's note, then its fonts: the default one and its source, and every stand-in. */
function emulationNote(profile: ClientProfile): string {
  const family = familyOf(profile);
  return `${profile.emulation} ${fontNote(family.defaultFont, fontsOf(family.fonts, profile))}`;
}
