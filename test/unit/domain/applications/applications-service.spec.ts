import { ApplicationsService } from '../../../../src/domain/applications/applications.service';
import type { Account } from '../../../../src/domain/applications/account.entity';
import type { Application } from '../../../../src/domain/applications/application.entity';
import type { AccountRepository } from '../../../../src/domain/applications/repositories/account.repository';
import type { ApplicationRepository } from '../../../../src/domain/applications/repositories/application.repository';
import { ManualClock } from '../../../../src/platform/config/clock';

/** The applications and accounts tables as two arrays: the service sees only repositories. */
function repositories() {
  const accounts: Account[] = [];
  const applications: Application[] = [];
  const applicationRepository = {
    list: async () => applications,
    update: async (application: Application) => {
      applications[applications.findIndex((row) => row.id === application.id)] = {
        ...application,
      };
    },
    findById: async (id: string) => applications.find((row) => row.id === id) ?? null,
    findByClientId: async (clientId: string) =>
      applications.find((row) => row.clientId === clientId) ?? null,
    findByApiKeyId: async (apiKeyId: string) =>
      applications.find((row) => row.apiKeyId === apiKeyId) ?? null,
  };
  const accountRepository = {
    insertWithApplication: async (account: Account, application: Application) => {
      accounts.push(account);
      applications.push({ ...application });
      return application;
    },
  };
  return {
    accounts,
    applications,
    service: new ApplicationsService(
      applicationRepository as unknown as ApplicationRepository,
      accountRepository as unknown as AccountRepository,
      new ManualClock(new Date('2026-11-22T12:00:00Z')),
    ),
  };
}

describe('ApplicationsService (repositories replaced by doubles)', () => {
  it('creates an application with its own account and stores only hashes', async () => {
    const { service, accounts, applications } = repositories();
    const issued = await service.create({
      name: ' Integrator ',
      callbackUris: ['https://a.example/cb', 'https://a.example/cb'],
    });
    expect(accounts).toEqual([
      expect.objectContaining({ kind: 'application', name: 'Integrator' }),
    ]);
    expect(applications[0].accountId).toBe(accounts[0].id);
    expect(applications[0].callbackUris).toEqual(['https://a.example/cb']);
    const stored = JSON.stringify(applications[0]);
    expect(stored).not.toContain(issued.api_key);
    expect(stored).not.toContain(issued.client_secret!);
    expect((await service.findByApiKey(issued.api_key))?.id).toBe(issued.id);
  });

  it('refuses bad input before anything is stored', async () => {
    const { service, applications } = repositories();
    await expect(service.create({ name: '', callbackUris: ['https://a.example'] })).rejects.toThrow(
      '--name is required',
    );
    await expect(service.create({ name: 'A', callbackUris: [] })).rejects.toThrow('--callback');
    await expect(
      service.create({ name: 'A', callbackUris: ['http://a.example/cb'] }),
    ).rejects.toThrow('callback refused');
    expect(applications).toEqual([]);
  });

  it('rotating the API key stops the old one at once', async () => {
    const { service } = repositories();
    const issued = await service.create({ name: 'A', callbackUris: ['https://a.example/cb'] });
    const rotated = await service.rotateApiKey(issued.client_id);
    expect(await service.findByApiKey(issued.api_key)).toBeNull();
    expect((await service.findByApiKey(rotated.api_key))?.id).toBe(issued.id);
  });

  it('a public application has no secret to rotate', async () => {
    const { service } = repositories();
    const issued = await service.create({
      name: 'SPA',
      callbackUris: ['https://a.example/cb'],
      isPublic: true,
    });
    expect(issued.client_secret).toBeNull();
    await expect(service.rotateClientSecret(issued.client_id)).rejects.toThrow('public');
    await expect(service.rotateApiKey('ipc_unknown')).rejects.toThrow('no application');
  });
});
