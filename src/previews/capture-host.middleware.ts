import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../common/error-body';
import { AppConfig } from '../config/app-config';
import { Storage } from '../storage/storage';
import { previewBody } from '../captures/capture-files';
import { CaptureStore } from '../captures/capture-store';
import type { CaptureConfiguration } from '../emails/dto/capture-configuration.dto';

const RESULT_PATH =
  /^\/([0-9a-f-]{36})\/results\/([a-z0-9]+)-(vertical|horizontal)-(allowed|blocked)(?:-(\d+)(-thumb|-thumb450)?\.png|\.json)$/i;

/**
 * The capture host, `<client>.capture.<CDN_DOMAIN>`: the same process answers it, routed on
 * the Host header (CONTRACT "Capture host"). Images: 302 to where the file is stored now.
 * The cached JSON result: answered here. Unknown or purged: 404.
 */
@Injectable()
export class CaptureHostMiddleware implements NestMiddleware {
  private readonly hostPattern: RegExp;

  constructor(
    private readonly store: CaptureStore,
    private readonly storage: Storage,
    private readonly config: AppConfig,
  ) {
    const domain = config.cdn.domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.hostPattern = new RegExp(`^([a-z0-9]+)\\.capture\\.${domain}$`, 'i');
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const host = this.hostPattern.exec(request.headers.host ?? '');
    if (!host) return next();
    try {
      await this.answer(host[1], request, response);
    } catch (error) {
      next(error);
    }
  }

  private async answer(hostClient: string, request: Request, response: Response): Promise<void> {
    // originalUrl: Nest mounts middleware on a path pattern, which Express strips from path.
    const path = new URL(request.originalUrl, 'http://capture.host').pathname;
    const match =
      request.method === 'GET' || request.method === 'HEAD' ? RESULT_PATH.exec(path) : null;
    if (!match || match[2].toLowerCase() !== hostClient.toLowerCase()) return notFound(response);
    const [, guid, client, orientation, images, width] = match;
    const configuration = {
      client: client.toUpperCase(),
      orientation: orientation.toLowerCase(),
      images: images.toLowerCase(),
    } as CaptureConfiguration;
    const capture = await this.store.find(guid.toLowerCase(), configuration);
    if (!capture || !this.store.isAvailable(capture) || !capture.files) return notFound(response);
    if (width === undefined) {
      response.set('Cache-Control', 'public, max-age=3600');
      return void response
        .status(200)
        .json(previewBody(this.config, configuration, capture.emailId, capture.viewportWidth!));
    }
    const file = capture.files[path.split('/').pop()!.toLowerCase()];
    if (!file) return notFound(response);
    response.set('Cache-Control', 'public, max-age=3600');
    response
      .status(302)
      .location(await this.storage.locate(file.key))
      .end();
  }
}

function notFound(response: Response): void {
  response.status(404).json(errorBody(404));
}
