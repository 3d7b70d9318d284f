import {
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../../base/errors/api-error';
import { LOCAL_LOCATION } from '../../platform/storage/file-store';
import { LocalStorage } from '../../platform/storage/local-storage';
import { Storage } from '../../platform/storage/storage';

/** Content types of the files served; only capture results are public. */
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', json: 'application/json' };

/**
 * Serves capture results kept in local storage (embedded mode). Keys hold the capture's
 * attempt, so a file at a key never changes: it may be cached for a year.
 */
@ApiTags('capture host')
@Controller('files')
export class LocalFilesController {
  constructor(
    private readonly local: LocalStorage,
    private readonly storage: Storage,
  ) {}

  @Get('*key')
  @ApiOperation({
    summary: 'A stored capture file (local storage)',
    description: 'Where the capture host redirects in embedded mode; immutable, cached for a year.',
  })
  @ApiParam({ name: 'key', description: 'captures/<path of the file>' })
  @ApiProduces('image/png', 'application/json')
  @ApiOkResponse({ description: 'The file' })
  @ApiResponse({ status: 302, description: 'Moved by storage:move: where it is now' })
  @ApiErrors(404)
  async serve(@Param('key') key: string | string[], @Res() response: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    const type = CONTENT_TYPES[path.split('.').pop() ?? ''];
    if (!path.startsWith('captures/') || !type) throw ApiError.notFound();
    let data: Buffer | null;
    try {
      data = await this.local.get(path);
    } catch {
      throw ApiError.notFound();
    }
    if (!data) return this.redirectToMoved(path, response);
    response
      .status(200)
      .set({ 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' })
      .end(data);
  }

  /**
   * A URL the capture host handed out before storage:move carried the file away (clients
   * keep that redirect for an hour): to where the file is now, as the capture host would.
   */
  private async redirectToMoved(key: string, response: Response): Promise<void> {
    const location = await this.storage.find(key).catch(() => null);
    if (!location || location === LOCAL_LOCATION) throw ApiError.notFound();
    response
      .status(302)
      .set('Cache-Control', 'public, max-age=3600')
      .location(await this.storage.at(location).locate(key))
      .end();
  }
}
