import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { placeholderPng } from '../../domain/previews/placeholder';

@ApiTags('previews')
@Controller()
export class PlaceholderController {
  @Get('placeholder.png')
  @ApiOperation({ summary: 'The default placeholder image of fallback=true' })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'A PNG' })
  async placeholder(@Res() response: Response): Promise<void> {
    response
      .set({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' })
      .end(await placeholderPng());
  }
}
