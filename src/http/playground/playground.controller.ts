import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../../platform/config/app-config';

/** The page and its files, read once: nest build copies assets/ beside this file. */
const ASSETS = join(__dirname, 'assets');
const read = (name: string) => readFileSync(join(ASSETS, name), 'utf8');

/**
 * The playground at `/`: paste HTML or an .eml, pick clients, watch the grid fill in. A
 * static page and script over the public API only (no build step); its CSP lets it run
 * its own script and show images from the capture hosts and file storage, nothing else.
 */
@ApiExcludeController()
@Controller()
export class PlaygroundController {
  private readonly page = read('index.html');
  private readonly script = read('app.js');
  private readonly panels = read('panels.js');
  private readonly inboxPanels = read('inbox-panels.js');
  private readonly style = read('app.css');
  private readonly policy: string;

  constructor(config: AppConfig) {
    const imageSources = [
      "'self'",
      'data:',
      `${config.cdn.scheme}://*.capture.${config.cdn.domain}`,
      new URL(config.publicUrl).origin,
      // S3: a public bucket URL, or presigned URLs on the endpoint's host.
      ...(config.storage.s3 ? ['https:'] : []),
    ];
    this.policy = [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src ${imageSources.join(' ')}`,
      "connect-src 'self'",
      "form-action 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; ');
  }

  @Get()
  index(@Res() response: Response): void {
    response
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': this.policy })
      .send(this.page);
  }

  @Get('playground/app.js')
  appScript(@Res() response: Response): void {
    response.set('Content-Type', 'text/javascript; charset=utf-8').send(this.script);
  }

  @Get('playground/panels.js')
  panelsScript(@Res() response: Response): void {
    response.set('Content-Type', 'text/javascript; charset=utf-8').send(this.panels);
  }

  @Get('playground/inbox-panels.js')
  inboxPanelsScript(@Res() response: Response): void {
    response.set('Content-Type', 'text/javascript; charset=utf-8').send(this.inboxPanels);
  }

  @Get('playground/app.css')
  appStyle(@Res() response: Response): void {
    response.set('Content-Type', 'text/css; charset=utf-8').send(this.style);
  }
}
