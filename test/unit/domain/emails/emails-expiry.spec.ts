import type { DataSource } from 'typeorm';
import { Account } from '../../../../src/domain/applications/account.entity';
import { Application } from '../../../../src/domain/applications/application.entity';
import type { AppConfig } from '../../../../src/platform/config/app-config';
import { ManualClock } from '../../../../src/platform/config/clock';
import { Email } from '../../../../src/domain/emails/email.entity';
import { EmailRepository } from '../../../../src/domain/emails/email.repository';
import { EmailsService } from '../../../../src/domain/emails/emails.service';
import type { ImageFetcher } from '../../../../src/domain/emails/fetch/image-fetcher';
import type { ResourceFetcher } from '../../../../src/domain/emails/fetch/resource-fetcher';
import type { HtmlInspector } from '../../../../src/domain/emails/inspect/html-inspector';
import { EventsHub } from '../../../../src/platform/events/events-hub';
import type { ServiceEvent } from '../../../../src/platform/events/service-event';
import type { Storage } from '../../../../src/platform/storage/storage';
import { memoryDatabase } from '../../../support/memory-database';

const HOUR = 3_600_000;

describe('emails expire what an expired email clears (real SQLite in memory)', () => {
  let db: DataSource;
  let deleted: string[];
  let expired: ServiceEvent[];
  let service: EmailsService;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));

  const email = (id: string, expiresInHours: number) => ({
    id,
    accountId: 'account-1',
    applicationId: 'application-1',
    userId: null,
    endUserId: null,
    subject: 'Hello',
    fromAddress: 'a@example.com',
    fromDisplayName: 'A',
    htmlText: '<p>Hi</p>',
    plainText: 'Hi',
    rawSource: null,
    images: [{ url: `https://img.test/${id}.png`, status: 'stored' as const, key: `images/${id}` }],
    resources: [
      {
        url: `https://css.test/${id}.woff2`,
        kind: 'font' as const,
        status: 'stored' as const,
        key: `resources/${id}`,
      },
      { url: 'https://css.test/gone.css', kind: 'stylesheet' as const, status: 'failed' as const },
    ],
    createdAt: clock.now(),
    expiresAt: new Date(clock.now().getTime() + expiresInHours * HOUR),
    expiredAt: null,
  });

  beforeEach(async () => {
    db = await memoryDatabase();
    deleted = [];
    expired = [];
    const events = new EventsHub();
    events.subscribe((event) => void expired.push(event));
    const storage = {
      delete: async (files: { key: string }[]) => void deleted.push(...files.map((f) => f.key)),
    };
    service = new EmailsService(
      new EmailRepository(db.getRepository(Email)),
      {} as ImageFetcher,
      {} as ResourceFetcher,
      {} as HtmlInspector,
      storage as unknown as Storage,
      {} as AppConfig,
      clock,
      events,
    );
    await db.getRepository(Account).insert({
      id: 'account-1',
      kind: 'application',
      name: 'Test',
      createdAt: clock.now(),
    });
    await db.getRepository(Application).insert({
      id: 'application-1',
      name: 'Test',
      accountId: 'account-1',
      clientId: 'client-1',
      clientSecretHash: null,
      apiKeyId: 'key-1',
      apiKeyHash: 'x'.repeat(64),
      callbackUris: ['https://example.com/cb'],
      isPublic: false,
      createdAt: clock.now(),
    });
    await db
      .getRepository(Email)
      .insert([email('due-1', 1), email('due-2', 2), email('later', 72)]);
  });
  afterEach(() => db.destroy());

  it('clears content and stored copies (images, stylesheets, fonts) of due emails and keeps the rows as tombstones', async () => {
    const now = new Date(clock.now().getTime() + 48 * HOUR);
    expect(await service.expireDue(now)).toBe(2);
    const due = await service.findById('due-1');
    expect(due).toMatchObject({
      expiredAt: now,
      htmlText: null,
      plainText: null,
      subject: null,
      images: [],
      resources: [],
    });
    expect((await service.findById('later'))?.htmlText).toBe('<p>Hi</p>');
    expect(deleted.sort()).toEqual([
      'images/due-1',
      'images/due-2',
      'resources/due-1',
      'resources/due-2',
    ]);
    // Each one's email.expired event, for its application.
    await new Promise(setImmediate);
    expect(
      expired.map((event) => [event.type, event.applicationId, event.data.email_guid]),
    ).toEqual([
      ['email.expired', 'application-1', 'due-1'],
      ['email.expired', 'application-1', 'due-2'],
    ]);
  });

  it('two runners at once expire each email once', async () => {
    const now = new Date(clock.now().getTime() + 48 * HOUR);
    const counts = await Promise.all([service.expireDue(now), service.expireDue(now)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(deleted.filter((key) => key.startsWith('images/')).sort()).toEqual([
      'images/due-1',
      'images/due-2',
    ]);
    expect(await service.expireDue(now)).toBe(0);
    await new Promise(setImmediate);
    expect(expired).toHaveLength(2);
  });
});
