import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { ApiError } from '../../../base/errors/api-error';
import {
  BudgetedThreadPool,
  unavailableWhenOverBudget,
} from '../../../base/threads/budgeted-thread-pool';
import { AppConfig } from '../../../platform/config/app-config';
import type { PreviewText } from '../../../rendering';
import type { ResourceReferences } from '../resources/html-references';
import type { ParsedMessage } from '../mime/parse-raw-source';
import type { HtmlInspection } from './inspect-html';
import type { InspectedEmail, RawSourceInspection } from './inspect-raw-source';
import type { InspectionTask } from './inspect.worker';

/**
 * Reads an email's content at POST (MIME parse, limits, image references) in worker
 * threads: a parse of a 5 MB style block or of a deeply nested HTML part takes seconds,
 * and must not hold up other requests. The threads share the preparation budgets
 * (PREPARE_THREADS, PREPARE_TIMEOUT_MS, PREPARE_MEMORY_MB); past one the answer is 503 with
 * Retry-After. Every step is linear or stops at a limit, so an email within the limits
 * fits the budget many times over on an idle server.
 */
@Injectable()
export class HtmlInspector implements OnApplicationShutdown {
  private readonly pool: BudgetedThreadPool;

  constructor(private readonly config: AppConfig) {
    this.pool = new BudgetedThreadPool(
      join(__dirname, 'inspect.worker'),
      config.preparation,
      'reading the email',
    );
  }

  /** The HTML of html_text: a 400 when it breaks a limit, else what it loads. */
  async inspect(html: string): Promise<ResourceReferences> {
    const inspection = await this.run<HtmlInspection>({
      kind: 'html',
      html,
      limits: this.config.emailLimits,
    });
    if (inspection.refusal !== undefined) throw ApiError.badRequest(inspection.refusal);
    return inspection.references;
  }

  /** A raw_source, parsed and checked: a 400 naming what is wrong, else its content. */
  async inspectRawSource(raw: string): Promise<InspectedEmail> {
    const inspection = await this.run<RawSourceInspection>({
      kind: 'raw-source',
      raw,
      limits: this.config.emailLimits,
    });
    if (inspection.refusal !== undefined) throw ApiError.badRequest(inspection.refusal);
    return { message: withBuffers(inspection.message), references: inspection.references };
  }

  /** The preview text a message list shows of this content (rendering/inbox/preview-text). */
  preview(html: string | null, text: string | null): Promise<PreviewText> {
    return this.run<PreviewText>({ kind: 'preview', html, text });
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }

  private async run<T>(task: InspectionTask): Promise<T> {
    try {
      return await this.pool.run<T>(task);
    } catch (error) {
      // A 400 names only a limit of the email itself.
      throw unavailableWhenOverBudget(error, this.config.preparation.timeoutMs);
    }
  }
}

/** A Buffer crosses the thread boundary as a plain Uint8Array (structured clone). */
function withBuffers(message: ParsedMessage): ParsedMessage {
  return {
    ...message,
    inlineParts: message.inlineParts.map((part) => ({
      ...part,
      content: Buffer.from(part.content.buffer, part.content.byteOffset, part.content.byteLength),
    })),
  };
}
