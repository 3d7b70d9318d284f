import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { placeholderPng } from './placeholder';

@Controller()
export class PlaceholderController {
  @Get('placeholder.png')
  async placeholder(@Res() response: Response): Promise<void> {
    response
      .set({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' })
      .end(await placeholderPng());
  }
}
