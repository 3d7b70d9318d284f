import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Principal } from '../../base/security/principal';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { ApplicationsService } from '../applications/applications.service';
import { intakeAddressOf, parseIntakeAddress } from './intake-address';
import { IntakeTokenRepository } from './intake-token.repository';

/** Who mail to an intake address is for: the application's principal, and its end user. */
export interface IntakeRecipient {
  principal: Principal;
  endUserId?: string;
}

/** Applications' SMTP intake addresses (docs/api.md#smtp-intake). */
@Injectable()
export class IntakeService {
  constructor(
    private readonly tokens: IntakeTokenRepository,
    private readonly applications: ApplicationsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The application's intake address, its token made on first use. */
  async addressOf(principal: Principal): Promise<string> {
    const existing = await this.tokens.findByApplication(principal.applicationId);
    if (existing) return this.address(existing.token);
    const token = newToken();
    try {
      await this.tokens.insert({
        applicationId: principal.applicationId,
        token,
        createdAt: this.clock.now(),
      });
      return this.address(token);
    } catch (error) {
      // Two first uses at once: the other one's token stands.
      const stored = await this.tokens.findByApplication(principal.applicationId);
      if (!stored) throw error;
      return this.address(stored.token);
    }
  }

  /** A new intake address; mail to the old one is refused from now on. */
  async rotate(principal: Principal): Promise<string> {
    await this.addressOf(principal);
    const token = newToken();
    await this.tokens.replace(principal.applicationId, token, this.clock.now());
    return this.address(token);
  }

  /** The enabled application an intake address names, or null (no such token, or disabled). */
  async recipient(address: string): Promise<IntakeRecipient | null> {
    const parsed = parseIntakeAddress(address, this.config.smtp.domain);
    if (!parsed) return null;
    const row = await this.tokens.findByToken(parsed.token);
    const application = row && (await this.applications.findById(row.applicationId));
    if (!application) return null;
    return {
      principal: {
        via: 'api_key',
        accountId: application.accountId,
        applicationId: application.id,
      },
      ...(parsed.endUserId !== undefined && { endUserId: parsed.endUserId }),
    };
  }

  private address(token: string): string {
    return intakeAddressOf(token, this.config.smtp.domain);
  }
}

/** 96 random bits: an address that cannot be guessed is what stands in for a key. */
function newToken(): string {
  return randomBytes(12).toString('hex');
}
