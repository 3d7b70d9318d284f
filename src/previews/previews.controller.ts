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
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../common/principal';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config';
import { CaptureConfigurations } from '../captures/capture-configurations';
import { IMAGE_SIZES, ImageSize } from '../captures/capture-files';
import type { CaptureConfiguration } from '../emails/dto/capture-configuration.dto';
import { PrefetchDto } from './dto/prefetch.dto';
import { FALLBACK_URL_RULE, PreviewQueryDto } from './dto/preview-query.dto';
import { isPublicHttpsUrl } from '../common/public-url';
import { EmulationReport, PreviewsService } from './previews.service';

/** SPEC 4.2, 4.3 and the contract's prefetch. The GETs need no authentication. */
@Controller('v1/emails/:guid/previews')
export class PreviewsController {
  constructor(
    private readonly previews: PreviewsService,
    private readonly configurations: CaptureConfigurations,
    private readonly config: AppConfig,
  ) {}

  @Get(':client')
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
  report(
    @Param('guid') guid: string,
    @Param('client') client: string,
    @Query() query: PreviewQueryDto,
  ): Promise<EmulationReport> {
    return this.previews.report(guid, this.previews.configuration(guid, client, query));
  }

  @Get(':client/:size')
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
  @UseGuards(ApiAuthGuard)
  async prefetch(
    @Param('guid') guid: string,
    @CurrentPrincipal() principal: Principal,
    @Body() dto: PrefetchDto,
  ): Promise<{ configurations: CaptureConfiguration[] }> {
    const configurations = this.configurations.resolve(dto.configurations);
    await this.previews.prefetch(guid, principal.accountId, configurations);
    return { configurations };
  }
}
