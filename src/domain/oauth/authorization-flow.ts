import {
  AuthorizationRequest,
  AuthorizationServer,
  OAuthRequest,
  isOAuthError,
} from '@jmondi/oauth2-server';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Application } from '../applications/application.entity';
import { ApplicationsService } from '../applications/applications.service';
import { UsersService } from '../applications/users.service';
import { Clock } from '../../platform/config/clock';
import { authorizeContext } from './authorize-context';
import { consentToken } from './consent-token';
import type { OAuthSession } from './oauth-session.entity';
import { AUTHORIZE_PARAMETERS, firstMalformed } from './request-parameters';
import { OAuthConsentRepository } from './repositories/oauth-consent.repository';

export type AuthorizeParams = { [name in (typeof AUTHORIZE_PARAMETERS)[number]]?: string };

export type AuthorizeStep =
  | { kind: 'login' }
  | { kind: 'redirect'; location: string }
  | { kind: 'error-page'; message: string }
  | { kind: 'consent'; consent: ConsentRequest };

/** What the consent page asks the user (the HTTP surface draws it). */
export interface ConsentRequest {
  applicationName: string;
  userEmail: string;
  /** The authorization request's fields, sent back with the answer. */
  fields: Record<string, string>;
  /** The form's token against cross-site requests. */
  csrf: string;
}

interface Checked {
  application: Application;
  redirectUri: string;
  redirectUriSent: boolean;
  request: AuthorizationRequest;
}

/**
 * GET/POST /oauth/authorize glue around the library: who the client is and where to send
 * the answer are checked first, and trouble there shows an error page, never a redirect
 * (RFC 6749 4.1.2.1). Other errors go back to the callback with `error` and the state.
 */
@Injectable()
export class AuthorizationFlow {
  constructor(
    private readonly server: AuthorizationServer,
    private readonly applications: ApplicationsService,
    private readonly users: UsersService,
    private readonly consents: OAuthConsentRepository,
    private readonly clock: Clock,
  ) {}

  async start(params: AuthorizeParams, session: OAuthSession | null): Promise<AuthorizeStep> {
    const checked = await this.check(params);
    if ('kind' in checked) return checked;
    if (!session) return { kind: 'login' };
    if (await this.hasConsent(session.userId, checked.application.id))
      return this.complete(checked, session.userId);
    const user = await this.users.findById(session.userId);
    if (!user) return { kind: 'login' }; // the session's user was removed since
    return {
      kind: 'consent',
      consent: {
        applicationName: checked.application.name,
        userEmail: user.email,
        fields: stringFields(params),
        csrf: consentToken(session.csrfToken, params),
      },
    };
  }

  async decide(
    params: AuthorizeParams,
    session: OAuthSession,
    allow: boolean,
  ): Promise<AuthorizeStep> {
    const checked = await this.check(params);
    if ('kind' in checked) return checked;
    if (!allow)
      return this.errorRedirect(
        checked.redirectUri,
        'access_denied',
        'The user denied access',
        params.state,
      );
    await this.consents.grant({
      id: randomUUID(),
      userId: session.userId,
      applicationId: checked.application.id,
      scope: 'full',
      createdAt: this.clock.now(),
    });
    return this.complete(checked, session.userId);
  }

  private async check(params: AuthorizeParams): Promise<Checked | AuthorizeStep> {
    // Before anything reads them: the consent form's fields arrive as arrays when repeated.
    const malformed = firstMalformed(params, AUTHORIZE_PARAMETERS);
    if (malformed)
      return { kind: 'error-page', message: `The ${malformed} parameter must be given once.` };
    const application = params.client_id
      ? await this.applications.findByClientId(String(params.client_id))
      : null;
    if (!application) return { kind: 'error-page', message: 'Unknown client_id.' };
    const sent = typeof params.redirect_uri === 'string' && params.redirect_uri !== '';
    if (sent && !application.callbackUris.includes(params.redirect_uri!)) {
      return {
        kind: 'error-page',
        message: 'The redirect_uri is not registered for this application.',
      };
    }
    if (!sent && application.callbackUris.length !== 1) {
      return {
        kind: 'error-page',
        message: 'redirect_uri is required: the application has several callbacks.',
      };
    }
    const redirectUri = sent ? params.redirect_uri! : application.callbackUris[0];
    const fail = (error: string, description: string) =>
      this.errorRedirect(redirectUri, error, description, params.state);
    if (params.response_type !== 'code')
      return fail('unsupported_response_type', "response_type must be 'code'");
    if (application.isPublic && !params.code_challenge) {
      return fail('invalid_request', 'Public clients must use PKCE (code_challenge with S256)');
    }
    try {
      const request = await this.server.validateAuthorizationRequest(
        new OAuthRequest({ query: { ...params } }),
      );
      request.redirectUri = redirectUri;
      return { application, redirectUri, redirectUriSent: sent, request };
    } catch (error) {
      if (!isOAuthError(error)) throw error;
      return fail(error.errorType, error.errorDescription ?? error.message);
    }
  }

  private async complete(checked: Checked, userId: string): Promise<AuthorizeStep> {
    checked.request.user = { id: userId };
    checked.request.isAuthorizationApproved = true;
    const response = await authorizeContext.run({ redirectUriSent: checked.redirectUriSent }, () =>
      this.server.completeAuthorizationRequest(checked.request),
    );
    return { kind: 'redirect', location: response.headers.location as string };
  }

  private hasConsent(userId: string, applicationId: string): Promise<boolean> {
    return this.consents.exists(userId, applicationId);
  }

  private errorRedirect(
    redirectUri: string,
    error: string,
    description: string,
    state?: string,
  ): AuthorizeStep {
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state !== undefined) url.searchParams.set('state', String(state));
    return { kind: 'redirect', location: url.href };
  }
}

function stringFields(params: AuthorizeParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
