import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Metrics } from '../../platform/metrics/metrics';

/** GET /metrics in Prometheus's text format, for a scraper on the operators' network. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  async scrape(@Res() response: Response): Promise<void> {
    response
      .set('Content-Type', this.metrics.registry.contentType)
      .send(await this.metrics.registry.metrics());
  }
}
