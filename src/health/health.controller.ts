import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthDoc } from './health.doc';
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppConfig } from '../config/app-config';
import { DatabaseRepository } from '../database/database.repository';
import { BullMqCaptureQueue } from '../captures/queue/bullmq-capture-queue';
import { resolveChromiumPath } from '../rendering/engine/chromium-path';
import { Renderer } from '../rendering/render';

type Check = 'ok' | 'unused' | string;

/** Liveness and readiness for orchestration (no authentication, nothing secret in them). */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseRepository,
    private readonly queue: BullMqCaptureQueue,
    private readonly renderer: Renderer,
    private readonly config: AppConfig,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'The process answers' })
  @ApiOkResponse({ type: HealthDoc })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready when the database answers, Redis answers (scale-out), and this process can render (embedded). */
  @Get('ready')
  @ApiOperation({
    summary: 'The database, Redis (scale-out) and the browser (where it renders) answer',
  })
  @ApiOkResponse({ type: HealthDoc })
  @ApiResponse({ status: 503, type: HealthDoc, description: 'Not ready: checks say which' })
  async ready(@Res() response: Response): Promise<void> {
    const checks: Record<string, Check> = {
      database: await attempt(() => this.database.ping()),
      redis: this.config.redis.url ? await attempt(() => this.queue.counts()) : 'unused',
      browser: this.config.redis.url ? 'unused' : await this.browser(),
    };
    const ready = Object.values(checks).every((check) => check === 'ok' || check === 'unused');
    response.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  }

  private async browser(): Promise<Check> {
    switch (this.renderer.browserState()) {
      case 'up':
        return 'ok';
      case 'idle': // launched on the first capture: ready if it can be
        return attempt(async () => resolveChromiumPath(this.config.chromiumPath));
      case 'down':
        return 'failed: the browser is down (relaunching)';
    }
  }
}

async function attempt(work: () => Promise<unknown>): Promise<Check> {
  try {
    await work();
    return 'ok';
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  }
}
