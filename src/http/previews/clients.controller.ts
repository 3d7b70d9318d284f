import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { RetiredClientCodesInterceptor } from '../client-aliases/retired-client-codes.interceptor';
import { ApiError } from '../../base/errors/api-error';
import { ApiErrors } from '../openapi/api-errors.decorator';
import {
  fidelityRecord,
  ClientCatalog,
  engineDescriptor,
  ENGINES,
  FALLBACK_ENGINE,
  familyOf,
  fontNote,
  fontsOf,
  Renderer,
} from '../../rendering';
import type { FidelityRecord, ClientProfile } from '../../rendering';
import { FIDELITY_SCHEMA } from './fidelity.doc';

/**
 * The client list and each client's options (docs/api.md#client-catalogue); no
 * authentication.
 */
@ApiTags('clients')
@UseInterceptors(RetiredClientCodesInterceptor)
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
          versions: {
            type: 'object',
            description:
              "The client's version and its engine's; release: the browser release that engine is, where it is frozen with the client",
            example: {
              client: 'iOS 15.0 Mail',
              engine: "WebKit of iOS 15.0 (every iOS app's web view)",
              release: { browser: 'safari_ios', version: '15.0' },
            },
          },
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

  @Get(':code/fidelity')
  @ApiOperation({
    summary: 'How far a preview of this client can be trusted',
    description:
      'The documented behaviours that hold for the client, each with its public source and status (emulated: proven by a render, a probe `proof` names or a conformance render of the caniemail test; not-emulated, cannot-emulate or undecided, with the reason), what caniemail records of it, how each entry is carried out and the render that proves it, the agreement of its renders with caniemail, the engine that draws it here and the fonts that stand in for its own (docs/fidelity.md#the-fidelity-record).',
  })
  @ApiParam({ name: 'code', description: 'a client code of GET /v1/clients', example: 'OL2019' })
  @ApiOkResponse({ schema: FIDELITY_SCHEMA })
  @ApiErrors(404)
  fidelity(@Param('code') code: string): FidelityRecord {
    const profile = this.catalog.find(code.toUpperCase());
    if (!profile) throw ApiError.notFound(`No client '${code}'; the codes are at /v1/clients`);
    const { identity, instead } = this.renderer.engineFor(profile);
    return fidelityRecord(profile, {
      ...identity,
      ...(instead ? { instead_of: { engine: profile.engine, reason: instead.reason } } : {}),
    });
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
      versions: profile.versions,
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
