import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { LocalStorage } from './local-storage';

/** Content types of the files served; only capture results are public. */
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', json: 'application/json' };

/**
 * Serves capture results kept in local storage (embedded mode). Keys hold the capture's
 * attempt, so a file at a key never changes: it may be cached for a year.
 */
@ApiTags('capture host')
@Controller('files')
export class LocalFilesController {
  constructor(private readonly storage: LocalStorage) {}

  @Get('*key')
  @ApiOperation({
    summary: 'A stored capture file (local storage)',
    description: 'Where the capture host redirects in embedded mode; immutable, cached for a year.',
  })
  @ApiParam({ name: 'key', description: 'captures/<path of the file>' })
  @ApiProduces('image/png', 'application/json')
  @ApiOkResponse({ description: 'The file' })
  @ApiErrors(404)
  async serve(@Param('key') key: string | string[], @Res() response: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    const type = CONTENT_TYPES[path.split('.').pop() ?? ''];
    if (!path.startsWith('captures/') || !type) throw ApiError.notFound();
    let data: Buffer | null;
    try {
      data = await this.storage.get(path);
    } catch {
      throw ApiError.notFound();
    }
    if (!data) throw ApiError.notFound();
    response
      .status(200)
      .set({ 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable' })
      .end(data);
  }
}
