import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { Response } from 'express';
import { BullMqCaptureQueue } from '../../domain/captures/queue/bullmq-capture-queue';
import { redisAnswerWithin } from '../../platform/redis/redis-availability';
import { AppConfig } from '../../platform/config/app-config';
import {
  fallbackCannotStart,
  missingClientFonts,
  Renderer,
  FALLBACK_ENGINE,
} from '../../rendering';
import { ThrottleStore } from '../../platform/throttling/throttle-store';
import { HealthDoc } from './health.doc';

/** How long one dependency's check may take: readiness answers quickly whatever they do. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Liveness and readiness for orchestration, with @nestjs/terminus (no authentication,
 * nothing secret in them). Ready when the database answers, Redis answers (scale-out), and
 * this process can render (embedded): its browser, and every font the clients' fonts are
 * drawn with (a missing one is named). A dependency this process does not use is up, `used: false`.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicator: HealthIndicatorService,
    private readonly queue: BullMqCaptureQueue,
    private readonly throttleStore: ThrottleStore,
    private readonly renderer: Renderer,
    private readonly config: AppConfig,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'The process answers' })
  @ApiOkResponse({ type: HealthDoc })
  @HealthCheck({ swaggerDocumentation: false }) // documented above, as the answers really are
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  @Get('ready')
  @ApiOperation({
    summary:
      "The database, Redis (scale-out), the browser and the clients' fonts (where it renders) answer",
  })
  @ApiOkResponse({ type: HealthDoc })
  @ApiResponse({ status: 503, type: HealthDoc, description: 'Not ready: `error` says what' })
  @HealthCheck({ swaggerDocumentation: false }) // documented above, as the answers really are
  async ready(@Res() response: Response): Promise<void> {
    try {
      response
        .status(200)
        .json(
          await this.health.check([
            () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
            () => this.redis(),
            () => this.browser(),
            () => this.engines(),
            () => this.fonts(),
          ]),
        );
    } catch (error) {
      // Terminus's own body, not the API error body: orchestrators and operators read it.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503).json(error.getResponse());
    }
  }

  private async redis() {
    const check = this.indicator.check('redis');
    if (this.config.runMode === 'embedded') return check.up({ used: false });
    try {
      // Every client of this process: the queue's two connections and the counters' one.
      await redisAnswerWithin(
        Promise.all([this.queue.counts(), this.throttleStore.ping()]),
        CHECK_TIMEOUT_MS,
      );
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  /** The open fonts clients' fonts are drawn with (client-fonts.ts), where this process renders. */
  private async fonts() {
    const check = this.indicator.check('fonts');
    if (this.config.runMode === 'scale-out') return check.up({ used: false }); // workers render
    try {
      const missing = await missingClientFonts();
      if (missing.length === 0) return check.up();
      return check.down({ message: `missing fonts: ${missing.join(', ')}` });
    } catch (error) {
      return check.down({ message: `fontconfig does not answer: ${(error as Error).message}` });
    }
  }

  /**
   * WebKit and Gecko where enabled: down while one starts, restarts or failed to start, named.
   * One not installed or not enabled is not a fault: Chromium draws its profiles, and says so.
   */
  private async engines() {
    const check = this.indicator.check('engines');
    if (this.config.runMode === 'scale-out') return check.up({ used: false }); // workers render
    const health = this.renderer.engineHealth().filter((engine) => engine.name !== FALLBACK_ENGINE);
    const states = Object.fromEntries(
      health.map((engine) => [
        engine.name,
        engine.state === 'absent' ? `absent: ${engine.detail}` : engine.state,
      ]),
    );
    const named = (state: string) =>
      health.filter((engine) => engine.state === state).map((engine) => engine.name);
    const [down, starting] = [named('down'), named('starting')];
    if (down.length === 0 && starting.length === 0) return check.up(states);
    const why = [
      ...(down.length > 0 ? [`${down.join(', ')} down (failed to start, or restarting)`] : []),
      ...(starting.length > 0 ? [`${starting.join(', ')} starting`] : []),
    ];
    return check.down({ ...states, message: why.join('; ') });
  }

  private async browser() {
    const check = this.indicator.check('browser');
    if (this.config.runMode === 'scale-out') return check.up({ used: false }); // workers render
    switch (this.renderer.browserState()) {
      case 'up':
        return check.up();
      case 'idle': {
        // Launched on the first capture: ready if it can be.
        const cannot = fallbackCannotStart({ settings: this.config.engineSettings });
        return cannot === null ? check.up({ launched: false }) : check.down({ message: cannot });
      }
      case 'starting':
        return check.down({ message: 'the browser is starting' });
      case 'down':
        return check.down({ message: 'the browser is down (relaunching)' });
    }
  }
}
