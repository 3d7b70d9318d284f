import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../../base/errors/error-body';
import { AppConfig } from '../../platform/config/app-config';
import { Storage } from '../../platform/storage/storage';
import { parseResultPath, previewBody } from '../../domain/captures/state/capture-file-names';
import { CaptureStateMachine } from '../../domain/captures/state/capture-state-machine';
import { CaptureThumbnails } from '../../domain/captures/run/capture-thumbnails';
import { captureHostPattern } from '../capture-host-name';

/**
 * The capture host, `<client>.capture.<CDN_DOMAIN>`: the same process answers it, routed on
 * the Host header (docs/api.md#capture-host). Images: 302 to where the file is stored now.
 * The cached JSON result: answered here. Unknown or purged: 404.
 */
@Injectable()
export class CaptureHostMiddleware implements NestMiddleware {
  private readonly hostPattern: RegExp;

  constructor(
    private readonly store: CaptureStateMachine,
    private readonly storage: Storage,
    private readonly thumbnails: CaptureThumbnails,
    private readonly config: AppConfig,
  ) {
    this.hostPattern = captureHostPattern(config.cdn.domain);
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
    const result =
      request.method === 'GET' || request.method === 'HEAD' ? parseResultPath(path) : null;
    if (!result || result.configuration.client !== hostClient.toUpperCase())
      return notFound(response);
    const { configuration } = result;
    const found = await this.store.find(result.emailId, configuration);
    if (!found || !this.store.isAvailable(found)) return notFound(response);
    if (result.kind === 'json') {
      response.set('Cache-Control', 'public, max-age=3600');
      return void response
        .status(200)
        .json(previewBody(this.config, configuration, found.emailId, found.viewportWidth));
    }
    // Where a file is stored is read now, not from the row this process remembers:
    // storage:move, in another process, switches it while this one runs.
    const capture = await this.store.withCurrentFiles(found);
    const file = capture?.files[result.file];
    if (!capture || !file) return notFound(response);
    // A thumbnail may still be on its way from the render that answered (or be made now).
    const unstored = await this.thumbnails.ensure(capture, result.file);
    if (unstored) {
      // The storage refused it: the image itself, so an <img src> still shows it.
      response.set('Cache-Control', 'public, max-age=60');
      return void response.status(200).type('image/png').send(unstored);
    }
    response.set('Cache-Control', 'public, max-age=3600');
    response
      .status(302)
      .location(await this.storage.locate(file.key, file.location))
      .end();
  }
}

function notFound(response: Response): void {
  response.status(404).json(errorBody(404));
}
