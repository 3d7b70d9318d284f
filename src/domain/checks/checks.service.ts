import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { join } from 'node:path';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import {
  BudgetedThreadPool,
  unavailableWhenOverBudget,
} from '../../base/threads/budgeted-thread-pool';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { EmailsService } from '../emails/emails.service';
import type { Email } from '../emails/email.entity';
import { ClientCatalog, inboxLayouts, supportAnalysis } from '../../rendering';
import type { CheckFinding, ClientProfile, SupportAnalysis } from '../../rendering';
import type { EmailCheckResult, EmailCheckTask } from './checks.worker';
import { textContrastFindings } from './rendered/text-contrast';

/**
 * The pre-send checks of one email: what its HTML says (accessibility, links, images, preview
 * text, text size, Gmail's clipping), read in a worker thread, and what its captures drew
 * (text contrast in every captured light and dark profile). Capture nothing: a check of an
 * email not yet captured has no rendered findings.
 */
@Injectable()
export class ChecksService implements OnModuleDestroy {
  private readonly pool: BudgetedThreadPool;
  private readonly timeoutMs: number;
  private readonly fromEmails = new LRUCache<string, Promise<EmailCheckResult>>({ max: 500 });
  private readonly shares: Record<string, number>;

  constructor(
    private readonly emails: EmailsService,
    private readonly captures: CaptureStateMachine,
    private readonly catalog: ClientCatalog,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.timeoutMs = config.preparation.timeoutMs;
    this.shares = config.clientShares;
    const unknown = Object.keys(this.shares).filter((code) => !catalog.find(code));
    if (unknown.length > 0)
      throw new Error(`CLIENT_SHARES names ${unknown.join(', ')}: not a client code`);
    this.pool = new BudgetedThreadPool(
      join(__dirname, 'checks.worker'),
      { ...config.preparation, threads: 1 },
      'checking the email',
    );
  }

  /**
   * The findings, and the support analysis over `clients` (default: each family's usual
   * client, as the inbox links name them).
   */
  async checks(
    guid: string,
    clients?: string[],
  ): Promise<{ findings: CheckFinding[]; support: SupportAnalysis }> {
    const profiles = this.profilesOf(clients);
    const email = await this.emails.findById(emailGuid(guid));
    if (!email) throw ApiError.notFound();
    if (email.expiredAt !== null || email.expiresAt <= this.clock.now())
      throw ApiError.notFound('This email has expired: its content is no longer kept');
    const [fromEmail, captured] = await Promise.all([
      this.fromEmailOnce(email),
      this.captures.capturedTexts(email.id),
    ]);
    const rendered = captured.flatMap(({ client, textSamples }) => {
      const profile = this.catalog.find(client);
      if (!profile || !textSamples) return [];
      return [{ client, dark: profile.dark !== 'none', samples: textSamples }];
    });
    return {
      findings: [...fromEmail.findings, ...textContrastFindings(rendered)],
      support: supportAnalysis(fromEmail.uses, profiles, this.shares),
    };
  }

  private profilesOf(clients: string[] | undefined): ClientProfile[] {
    const codes = clients ?? inboxLayouts().map((layout) => layout.example);
    return [...new Set(codes.map((code) => code.toUpperCase()))].map((code) => {
      const profile = this.catalog.find(code);
      if (!profile)
        throw ApiError.badRequest(`'clients' must name client codes: '${code}' is unknown`);
      return profile;
    });
  }

  /**
   * An email's content never changes: its findings are made once (concurrent GETs share the
   * work) and kept for the next GETs, which only read its captures again.
   */
  private fromEmailOnce(email: Email): Promise<EmailCheckResult> {
    const kept = this.fromEmails.get(email.id);
    if (kept) return kept;
    const made = this.fromEmail(email);
    this.fromEmails.set(email.id, made);
    made.catch(() => this.fromEmails.delete(email.id));
    return made;
  }

  private async fromEmail(email: Email): Promise<EmailCheckResult> {
    const task: EmailCheckTask = {
      content: await this.emails.contentOf(email),
      images: email.images.map(({ url, status, bytes }) => ({ url, status, bytes })),
    };
    return this.pool.run<EmailCheckResult>(task).catch((error: unknown) => {
      throw unavailableWhenOverBudget(error, this.timeoutMs);
    });
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.close();
  }
}
