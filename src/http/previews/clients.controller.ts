import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Controller, Get } from '@nestjs/common';
import { ClientCatalog } from '../../rendering/catalog/client-catalog';
import { engineDescriptor, ENGINES, FALLBACK_ENGINE } from '../../rendering/engine/engine-registry';
import { familyOf } from '../../rendering/families/lookup';
import { fontNote, fontsOf } from '../../rendering/fonts/client-fonts';
import type { ClientProfile } from '../../rendering/profile/client-profile';
import { Renderer } from '../../rendering/render';

/**
 * The client list and each client's options (docs/api.md#client-catalogue); no
 * authentication.
 */
@ApiTags('clients')
@Controller('v1/clients')
export class ClientsController {
  constructor(
    private readonly catalog: ClientCatalog,
    private readonly renderer: Renderer,
  ) {}

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
          engine: {
            type: 'object',
            description:
              "What draws this client's pictures here: its own engine, or Chromium in its place (client_engine, and the emulation note, say why)",
            properties: { name: { type: 'string' }, version: { type: 'string' } },
            example: { name: FALLBACK_ENGINE, version: '142.0.7444.175' },
          },
          client_engine: {
            type: 'string',
            description: `The client's own engine: one of ${ENGINES.join(', ')}`,
          },
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
      this.catalog.all().map((profile) => [profile.code, this.configuration(profile)]),
    );
  }

  private configuration(profile: ClientProfile): Record<string, unknown> {
    const { identity, instead } = this.renderer.engineFor(profile);
    return {
      orientation_options: profile.orientation_options,
      images_options: profile.images_options,
      name: profile.name,
      group: profile.group,
      platform: profile.platform,
      status: profile.status,
      engine: identity,
      client_engine: profile.engine,
      emulation: emulationNote(profile, instead?.reason),
      viewport: profile.viewport,
      device_scale_factor: profile.device_scale_factor,
      dark: profile.dark,
      caniemail: profile.caniemail,
      rules: profile.rules,
    };
  }
}

/**
 * The profile's note, then its fonts (the default one and its source, and every stand-in),
 * then, when Chromium draws it here in its client's engine's place, why.
 */
function emulationNote(profile: ClientProfile, substituted?: string): string {
  const family = familyOf(profile);
  const note = `${profile.emulation} ${fontNote(family.defaultFont, fontsOf(family.fonts, profile))}`;
  if (!substituted) return note;
  return `${note} Drawn here by ${engineDescriptor(FALLBACK_ENGINE).title} instead of ${engineDescriptor(profile.engine).title}: ${substituted}.`;
}
