import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The pages and their files, read once: nest build copies assets/ beside this file. */
const ASSETS = join(__dirname, 'assets');
const read = (name: string) => readFileSync(join(ASSETS, name), 'utf8');
/** Chart.js's own UMD build, served from here: never a CDN. */
const CHART_JS = join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');

/** Only the console's own files; the key travels in a header, so no cookie, no form posts. */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The admin and billing console at `/admin` (docs/operations.md#admin-console): static pages
 * over the admin and billing APIs, no build step. Staff sign in with their key, kept in the
 * tab only; admins see applications, users, staff keys and the audit log, billing staff the
 * usage charts.
 */
@ApiExcludeController()
@Controller('admin')
export class ConsoleController {
  private readonly page = read('index.html');
  private readonly core = read('console-core.js');
  private readonly script = read('console.js');
  private readonly style = read('console.css');
  private readonly charts = readFileSync(CHART_JS, 'utf8');

  @Get()
  index(@Res() response: Response): void {
    response
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': POLICY,
        'Cache-Control': 'no-store',
      })
      .send(this.page);
  }

  @Get('console.js')
  consoleScript(@Res() response: Response): void {
    response.set('Content-Type', 'text/javascript; charset=utf-8').send(this.script);
  }

  @Get('console-core.js')
  consoleCore(@Res() response: Response): void {
    response.set('Content-Type', 'text/javascript; charset=utf-8').send(this.core);
  }

  @Get('chart.umd.min.js')
  chartScript(@Res() response: Response): void {
    response.set('Content-Type', 'text/javascript; charset=utf-8').send(this.charts);
  }

  @Get('console.css')
  consoleStyle(@Res() response: Response): void {
    response.set('Content-Type', 'text/css; charset=utf-8').send(this.style);
  }
}
