import { Injectable } from '@nestjs/common';
import type { KeysetPage, KeysetWindow } from '../../base/paging/cursor';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../platform/config/clock';
import { hashSecret, randomId, randomToken, secretMatches } from '../../base/security/secrets';
import { Account, AccountKind } from './account.entity';
import { AccountRepository } from './repositories/account.repository';
import { ApplicationRepository } from './repositories/application.repository';
import { apiKeyId, newApiKey } from './api-key';
import { Application } from './application.entity';
import { callbackUriProblem } from './callback-uri';
import { ApiError } from '../../base/errors/api-error';

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
    private readonly applications: ApplicationRepository,
    private readonly accounts: AccountRepository,
    private readonly clock: Clock,
  ) {}

  async create(input: NewApplication): Promise<IssuedCredentials> {
    const name = checkedName(input.name);
    if (input.callbackUris.length === 0) {
      throw ApiError.badRequest('at least one --callback <https URL> is required');
    }
    input.callbackUris.forEach(checkCallback);
    const clientSecret = input.isPublic ? null : randomToken('ips_');
    const apiKey = newApiKey();
    const account = this.newAccount('application', name);
    const application = await this.accounts.insertWithApplication(account, {
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
    });
    return this.credentials(application, clientSecret, apiKey.key);
  }

  list(): Promise<Application[]> {
    return this.applications.list();
  }

  page(window: KeysetWindow): Promise<KeysetPage<Application>> {
    return this.applications.page(window);
  }

  /** An application by client_id, disabled or not (the admin's view); 404 when none. */
  async requireByClientId(clientId: string): Promise<Application> {
    const application = await this.applications.findByClientId(clientId);
    if (!application) throw ApiError.notFound(`no application with client_id ${clientId}`);
    return application;
  }

  async rename(clientId: string, name: string): Promise<Application> {
    const application = await this.requireByClientId(clientId);
    application.name = checkedName(name);
    await this.applications.update(application);
    return application;
  }

  /** Adds and removes callback URIs (the HTTPS rule of creation); one must remain. */
  async changeCallbacks(clientId: string, add: string[], remove: string[]): Promise<Application> {
    const application = await this.requireByClientId(clientId);
    add.forEach(checkCallback);
    for (const uri of remove)
      if (!application.callbackUris.includes(uri))
        throw ApiError.badRequest(`${uri} is not a callback URI of ${clientId}`);
    const uris = [...new Set([...application.callbackUris, ...add])].filter(
      (uri) => !remove.includes(uri),
    );
    if (uris.length === 0)
      throw ApiError.badRequest('an application keeps one callback URI at least');
    application.callbackUris = uris;
    await this.applications.update(application);
    return application;
  }

  /** Disabled: its API key and bearer tokens are refused at once; its data stays. */
  async setDisabled(clientId: string, disabled: boolean): Promise<Application> {
    const application = await this.requireByClientId(clientId);
    application.disabledAt = disabled ? (application.disabledAt ?? this.clock.now()) : null;
    await this.applications.update(application);
    return application;
  }

  /** Issues a new API key; the old one stops working at once. */
  async rotateApiKey(clientId: string): Promise<IssuedCredentials> {
    const application = await this.requireByClientId(clientId);
    const apiKey = newApiKey();
    application.apiKeyId = apiKey.id;
    application.apiKeyHash = apiKey.hash;
    await this.applications.update(application);
    return this.credentials(application, null, apiKey.key);
  }

  async rotateClientSecret(clientId: string): Promise<Omit<IssuedCredentials, 'api_key'>> {
    const application = await this.requireByClientId(clientId);
    if (application.isPublic) {
      throw ApiError.badRequest(`${clientId} is a public application and has no secret`);
    }
    const clientSecret = randomToken('ips_');
    application.clientSecretHash = hashSecret(clientSecret);
    await this.applications.update(application);
    const { api_key: _unused, ...rest } = this.credentials(application, clientSecret, '');
    return rest;
  }

  async findByApiKey(key: string): Promise<Application | null> {
    const id = apiKeyId(key);
    if (!id) return null;
    const application = await this.applications.findByApiKeyId(id);
    return application && !application.disabledAt && secretMatches(key, application.apiKeyHash)
      ? application
      : null;
  }

  /** An enabled application by id: a disabled one's tokens and clients are refused. */
  async findById(id: string): Promise<Application | null> {
    return enabled(await this.applications.findById(id));
  }

  /** An enabled application by client_id (OAuth clients, webhooks' owner). */
  async findByClientId(clientId: string): Promise<Application | null> {
    return enabled(await this.applications.findByClientId(clientId));
  }

  /** The billing account every application and user gets, stored together with its owner. */
  newAccount(kind: AccountKind, name: string): Account {
    return { id: randomUUID(), kind, name, createdAt: this.clock.now() };
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

const enabled = (application: Application | null) =>
  application && !application.disabledAt ? application : null;

function checkedName(input: string | undefined): string {
  const name = input?.trim();
  if (!name) throw ApiError.badRequest('--name is required');
  if (name.length > 200) throw ApiError.badRequest('--name must be at most 200 characters');
  return name;
}

function checkCallback(uri: string): void {
  const problem = callbackUriProblem(uri);
  if (problem) throw ApiError.badRequest(`callback refused: ${problem}`);
}
