import { Idempotent } from '../idempotency/idempotent.decorator';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ConfigurationsDoc } from '../emails/dto/created-email.doc';
import { EmulationReportDoc, PreviewUrlsDoc } from '../previews/dto/preview.doc';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { RetiredClientCodesInterceptor } from '../client-aliases/retired-client-codes.interceptor';
import type { Response } from 'express';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../../base/security/principal';
import { ApiError } from '../../base/errors/api-error';
import { AppConfig } from '../../platform/config/app-config';
import { CaptureConfigurations } from '../../domain/captures/state/capture-configuration';
import { IMAGE_SIZES, ImageSize } from '../../domain/captures/state/capture-file-names';
import type { CheckedConfiguration } from '../../domain/captures/state/capture-configuration';
import { PrefetchDto } from '../previews/dto/prefetch.dto';
import { FALLBACK_URL_RULE, PreviewQueryDto } from '../previews/dto/preview-query.dto';
import { isPublicHttpsUrl } from '../../base/network/public-url';
import { EmulationReport, PreviewsService } from '../../domain/previews/previews.service';

/**
 * The preview image, the preview JSON and prefetch (docs/api.md#preview-image,
 * docs/api.md#preview-json, docs/api.md#prefetch). The GETs need no authentication.
 */
@ApiTags('previews')
@ApiParam({ name: 'guid', description: 'The email_guid POST /v1/emails answered', format: 'uuid' })
@UseInterceptors(RetiredClientCodesInterceptor)
@Controller('v1/emails/:guid/previews')
export class PreviewsController {
  constructor(
    private readonly previews: PreviewsService,
    private readonly configurations: CaptureConfigurations,
    private readonly config: AppConfig,
  ) {}

  @Get(':client')
  @ApiOperation({
    summary: 'A preview of the email in one client',
    description:
      'First request of a configuration: captured while the connection is held, then 200 with the URLs. Later: 301 to the cached JSON on the capture host. No authentication: the guid is the capability.',
  })
  @ApiParam({ name: 'client', description: 'A client code of GET /v1/clients', example: 'OL2019' })
  @ApiOkResponse({ type: PreviewUrlsDoc })
  @ApiResponse({ status: 301, description: 'Captured before: Location is the cached JSON' })
  @ApiErrors(400, 404, 500, 503, 504)
  async preview(
    @Param('guid') guid: string,
    @Param('client') client: string,
    @Query() query: PreviewQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    this.checkFallbackUrl(query);
    const answer = await this.previews.preview(
      guid,
      this.previews.configuration(guid, client, query),
    );
    if (answer.kind === 'cached') return void response.status(301).location(answer.location).end();
    response.status(200).json(answer.body);
  }

  @Get(':client/report')
  @ApiOperation({
    summary: 'What the client dropped or changed in this email, and why',
    description:
      'The emulation report of a captured configuration; 404 until captured, and never starts a capture.',
  })
  @ApiParam({ name: 'client', example: 'OL2019' })
  @ApiOkResponse({ type: EmulationReportDoc })
  @ApiErrors(400, 404)
  report(
    @Param('guid') guid: string,
    @Param('client') client: string,
    @Query() query: PreviewQueryDto,
  ): Promise<EmulationReport> {
    return this.previews.report(guid, this.previews.configuration(guid, client, query));
  }

  @Get(':client/:size')
  @ApiOperation({
    summary: 'One image of a preview, for <img src>',
    description:
      "301 to the image on the client's capture host, capturing first when needed; empty body. With fallback=true a failure redirects to a placeholder instead.",
  })
  @ApiParam({ name: 'client', example: 'OL2019' })
  @ApiParam({ name: 'size', enum: IMAGE_SIZES })
  @ApiResponse({ status: 301, description: 'Location: the image' })
  @ApiResponse({
    status: 302,
    description: 'fallback=true and the capture failed: the placeholder',
  })
  @ApiErrors(400, 404, 500, 503, 504)
  async image(
    @Param('guid') guid: string,
    @Param('client') client: string,
    @Param('size') size: string,
    @Query() query: PreviewQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    this.checkFallbackUrl(query); // before any other work: it is where failures redirect
    try {
      if (!IMAGE_SIZES.includes(size as ImageSize)) throw ApiError.notFound();
      const configuration = this.previews.configuration(guid, client, query);
      const location = await this.previews.imageUrl(guid, configuration, size as ImageSize);
      response.status(301).location(location).end();
    } catch (error) {
      if (query.fallback !== 'true') throw error;
      // An <img src> never shows broken: the placeholder (or the integrator's own) instead.
      response
        .status(302)
        .location(query.fallback_url ?? `${this.config.publicUrl}/placeholder.png`)
        .end();
    }
  }

  /** An open redirect to anywhere (169.254.169.254, say) is no placeholder. */
  private checkFallbackUrl(query: PreviewQueryDto): void {
    if (
      query.fallback_url !== undefined &&
      !isPublicHttpsUrl(query.fallback_url, this.config.fallbackUrlHosts)
    ) {
      throw ApiError.badRequest(FALLBACK_URL_RULE);
    }
  }

  @Post('prefetch')
  @HttpCode(202)
  @Idempotent()
  @ApiOperation({ summary: 'Start captures in the background' })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiResponse({
    status: 202,
    type: ConfigurationsDoc,
    description: 'The configurations, filled in',
  })
  @ApiErrors(400, 401, 404, 429, 503)
  @UseGuards(ApiAuthGuard)
  async prefetch(
    @Param('guid') guid: string,
    @CurrentPrincipal() principal: Principal,
    @Body() dto: PrefetchDto,
  ): Promise<{ configurations: CheckedConfiguration[] }> {
    const configurations = this.configurations.resolve(dto.configurations);
    await this.previews.prefetch(guid, principal.accountId, configurations);
    return { configurations };
  }
}
