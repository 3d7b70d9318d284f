import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { getServers } from 'node:dns';
import { join } from 'node:path';
import { BudgetedThreadPool, ThreadBudgetError } from '../../base/threads/budgeted-thread-pool';
import { AppConfig } from '../../platform/config/app-config';
import type { EmailEnvelope } from '../emails/email.entity';
import { AuthenticationAnswer, unfinished } from './authentication';
import type { AuthenticationTask } from './authentication.worker';

/**
 * The whole of one message's authentication may take this long (its lookups waiting on DNS
 * included); past it the thread is ended and every check is a temperror, asked again later.
 */
export const AUTHENTICATION_DEADLINE_MS = 20_000;

/**
 * Authentication in worker threads: verifying signatures hashes the body once per distinct
 * (canonicalization, hash, l=) and checks an RSA signature each, which on a hostile message
 * would hold the event loop for seconds. Two threads, each message within the deadline and
 * the preparation's memory limit (PREPARE_MEMORY_MB); the DNS lookups go from the thread too.
 */
@Injectable()
export class AuthenticationChecker implements OnApplicationShutdown {
  private readonly pool: BudgetedThreadPool;

  constructor(private readonly config: AppConfig) {
    this.pool = new BudgetedThreadPool(
      join(__dirname, 'authentication.worker'),
      { threads: 2, timeoutMs: AUTHENTICATION_DEADLINE_MS, memoryMb: config.preparation.memoryMb },
      'authenticating the message',
    );
  }

  async check(
    message: Buffer,
    envelope: EmailEnvelope | null,
    receiver: string,
  ): Promise<AuthenticationAnswer> {
    const task: AuthenticationTask = { message, envelope, receiver, dns: this.config.dns };
    try {
      return await this.pool.run<AuthenticationAnswer>(task);
    } catch (error) {
      if (!(error instanceof ThreadBudgetError)) throw error;
      const servers = this.config.dns.servers.length ? this.config.dns.servers : getServers();
      return unfinished(`not finished: ${error.message}`, servers);
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
