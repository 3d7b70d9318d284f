import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { ApiError } from '../../common/api-error';
import { BudgetedThreadPool, ThreadBudgetError } from '../../common/threads/budgeted-thread-pool';
import { AppConfig } from '../../config/app-config';
import { HtmlInspection } from './inspect-html';

/**
 * Inspects an email's HTML at POST (limits, image references) in worker threads: a
 * parse of a 5 MB style block takes seconds, and must not hold up other requests. The
 * threads share the preparation budgets (PREPARE_THREADS, PREPARE_TIMEOUT_MS,
 * PREPARE_MEMORY_MB); past one, the email is refused with a 400 naming it.
 */
@Injectable()
export class HtmlInspector implements OnApplicationShutdown {
  private readonly pool: BudgetedThreadPool;

  constructor(private readonly config: AppConfig) {
    this.pool = new BudgetedThreadPool(
      join(__dirname, 'inspect.worker'),
      config.preparation,
      "reading the email's HTML",
    );
  }

  async inspect(html: string): Promise<HtmlInspection> {
    try {
      return await this.pool.run<HtmlInspection>({ html, limits: this.config.emailLimits });
    } catch (error) {
      if (error instanceof ThreadBudgetError) throw ApiError.badRequest(error.message);
      throw error;
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
