import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../config/clock';
import { hashSecret, randomId, randomToken, secretMatches } from '../common/secrets';
import { Account, AccountKind } from './account.entity';
import { apiKeyId, newApiKey } from './api-key';
import { Application } from './application.entity';
import { callbackUriProblem } from './callback-uri';
import { ApiError } from '../common/api-error';

export interface NewApplication {
  name: string;
  callbackUris: string[];
  isPublic?: boolean;
}

/** What is shown exactly once, at creation or rotation. */
export interface IssuedCredentials {
  id: string;
  name: string;
  client_id: string;
  client_secret: string | null;
  api_key: string;
  callback_uris: string[];
}

@Injectable()
export class ApplicationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async create(input: NewApplication): Promise<IssuedCredentials> {
    const name = input.name?.trim();
    if (!name) throw ApiError.badRequest('--name is required');
    if (name.length > 200) throw ApiError.badRequest('--name must be at most 200 characters');
    if (input.callbackUris.length === 0) {
      throw ApiError.badRequest('at least one --callback <https URL> is required');
    }
    for (const uri of input.callbackUris) {
      const problem = callbackUriProblem(uri);
      if (problem) throw ApiError.badRequest(`callback refused: ${problem}`);
    }
    const clientSecret = input.isPublic ? null : randomToken('ips_');
    const apiKey = newApiKey();
    const application = await this.dataSource.transaction(async (manager) => {
      const account = await this.createAccount(manager, 'application', name);
      return manager.save(
        manager.create(Application, {
          id: randomUUID(),
          name,
          accountId: account.id,
          clientId: `ipc_${randomId(20)}`,
          clientSecretHash: clientSecret ? hashSecret(clientSecret) : null,
          apiKeyId: apiKey.id,
          apiKeyHash: apiKey.hash,
          callbackUris: [...new Set(input.callbackUris)],
          isPublic: Boolean(input.isPublic),
          createdAt: this.clock.now(),
        }),
      );
    });
    return this.credentials(application, clientSecret, apiKey.key);
  }

  list(): Promise<Application[]> {
    return this.dataSource.getRepository(Application).find({ order: { createdAt: 'ASC' } });
  }

  /** Issues a new API key; the old one stops working at once. */
  async rotateApiKey(clientId: string): Promise<IssuedCredentials> {
    const application = await this.requireByClientId(clientId);
    const apiKey = newApiKey();
    application.apiKeyId = apiKey.id;
    application.apiKeyHash = apiKey.hash;
    await this.dataSource.getRepository(Application).save(application);
    return this.credentials(application, null, apiKey.key);
  }

  async rotateClientSecret(clientId: string): Promise<Omit<IssuedCredentials, 'api_key'>> {
    const application = await this.requireByClientId(clientId);
    if (application.isPublic) {
      throw ApiError.badRequest(`${clientId} is a public application and has no secret`);
    }
    const clientSecret = randomToken('ips_');
    application.clientSecretHash = hashSecret(clientSecret);
    await this.dataSource.getRepository(Application).save(application);
    const { api_key: _unused, ...rest } = this.credentials(application, clientSecret, '');
    return rest;
  }

  async findByApiKey(key: string): Promise<Application | null> {
    const id = apiKeyId(key);
    if (!id) return null;
    const application = await this.dataSource
      .getRepository(Application)
      .findOneBy({ apiKeyId: id });
    return application && secretMatches(key, application.apiKeyHash) ? application : null;
  }

  findById(id: string): Promise<Application | null> {
    return this.dataSource.getRepository(Application).findOneBy({ id });
  }

  findByClientId(clientId: string): Promise<Application | null> {
    return this.dataSource.getRepository(Application).findOneBy({ clientId });
  }

  async createAccount(manager: EntityManager, kind: AccountKind, name: string): Promise<Account> {
    return manager.save(
      manager.create(Account, { id: randomUUID(), kind, name, createdAt: this.clock.now() }),
    );
  }

  private async requireByClientId(clientId: string): Promise<Application> {
    const application = await this.findByClientId(clientId);
    if (!application) throw ApiError.notFound(`no application with client_id ${clientId}`);
    return application;
  }

  private credentials(
    application: Application,
    clientSecret: string | null,
    apiKey: string,
  ): IssuedCredentials {
    return {
      id: application.id,
      name: application.name,
      client_id: application.clientId,
      client_secret: clientSecret,
      api_key: apiKey,
      callback_uris: application.callbackUris,
    };
  }
}
