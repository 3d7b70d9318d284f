import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../../platform/config/app-config';
import { ClientCatalog, FALLBACK_ENGINE, Renderer } from '../../rendering';
import { clientStatus, ClientStatus } from './client-status';

/** Whether each client can be captured now (no authentication, as the client list). */
@ApiTags('clients')
@Controller('v1/clients/status')
export class ClientStatusController {
  constructor(
    private readonly catalog: ClientCatalog,
    private readonly renderer: Renderer,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Each client's status as readiness sees its engine: up, degraded or down",
    description:
      'down: the engine that draws it is down; degraded: it is starting, or Chromium draws the client in the place of its own engine; up otherwise. In scale-out mode the workers render: every client is up here (`used: false`), as readiness says.',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          engine: { type: 'string' },
          status: { type: 'string', enum: ['up', 'degraded', 'down'] },
          detail: { type: 'string' },
        },
      },
      example: { OL2019: { engine: FALLBACK_ENGINE, status: 'up' } },
    },
  })
  statuses(): Record<string, ClientStatus & { used?: false }> {
    const scaleOut = this.config.runMode === 'scale-out';
    const engines = this.renderer.engineHealth();
    return Object.fromEntries(
      this.catalog.all().map((profile) => {
        if (scaleOut) return [profile.code, { engine: profile.engine, status: 'up', used: false }];
        const { identity, instead } = this.renderer.engineFor(profile);
        const replaced = instead && { engine: instead.engine.name, reason: instead.reason };
        return [profile.code, clientStatus(identity.name, replaced, engines)];
      }),
    );
  }
}
