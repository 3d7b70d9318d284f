import { Injectable } from '@nestjs/common';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../platform/config/clock';
import { AppConfig } from '../../platform/config/app-config';
import { Slots } from '../../base/system/slots';
import { ApplicationsService } from './applications.service';
import { AccountRepository } from './repositories/account.repository';
import { UserRepository } from './repositories/user.repository';
import { User } from './user.entity';
import { ApiError } from '../../base/errors/api-error';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Compared against when the email is unknown, so both paths cost one argon2 verify. */
const DUMMY_HASH = argon2.hash('not a password');

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly applications: ApplicationsService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {
    this.checks = new Slots(config.throttling.passwordChecksAtOnce);
  }

  private readonly checks: Slots;

  async create(input: { email: string; name: string; password: string }): Promise<User> {
    const email = input.email?.trim().toLowerCase();
    if (!email || !EMAIL.test(email)) throw ApiError.badRequest('--email must be an email address');
    if (!input.name?.trim()) throw ApiError.badRequest('--name is required');
    if ((input.password ?? '').length < 10)
      throw ApiError.badRequest('the password must have at least 10 characters');
    if (await this.users.existsByEmail(email)) {
      throw ApiError.badRequest(`a user with email ${email} exists already`);
    }
    const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
    const account = this.applications.newAccount('user', input.name.trim());
    return this.accounts.insertWithUser(account, {
      id: randomUUID(),
      email,
      name: input.name.trim(),
      passwordHash,
      accountId: account.id,
      createdAt: this.clock.now(),
    });
  }

  list(): Promise<User[]> {
    return this.users.list();
  }

  page(window: KeysetWindow): Promise<KeysetPage<User>> {
    return this.users.page(window);
  }

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** Disabled (or enabled again): no sign-in, and the tokens they granted refused. */
  async setDisabled(id: string, disabled: boolean): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw ApiError.notFound(`no user ${id}`);
    user.disabledAt = disabled ? (user.disabledAt ?? this.clock.now()) : null;
    await this.users.update(user);
    return user;
  }

  /**
   * The user whose email and password match, or null (same cost either way). Checks take
   * turns (PASSWORD_CHECKS_AT_ONCE), so a flood of sign-ins cannot take every core from the
   * captures; past PASSWORD_CHECK_QUEUE waiting, 429 at once.
   */
  async authenticate(email: string, password: string): Promise<User | null> {
    if (this.checks.queued >= this.config.throttling.passwordCheckQueue)
      throw new ApiError(429, 'Too many sign-ins at once', { 'Retry-After': '1' });
    const release = await this.checks.acquire();
    try {
      const user = await this.users.findByEmail(email.trim().toLowerCase());
      const matches = await argon2
        .verify(user?.passwordHash ?? (await DUMMY_HASH), password)
        .catch(() => false);
      return user && matches && !user.disabledAt ? user : null;
    } finally {
      release();
    }
  }
}
