import {
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { OAuthErrorDoc, TokenDoc } from './oauth.doc';
import { AuthorizationServer, OAuthRequest, isOAuthError } from '@jmondi/oauth2-server';
import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomToken } from '../../base/security/secrets';
import { AuthorizationFlow, AuthorizeParams } from '../../domain/oauth/authorization-flow';
import { toRfc6749 } from '../../domain/oauth/oauth-errors';
import { LoginThrottle } from '../../domain/oauth/login-throttle';
import { announceRateLimit } from '../../platform/throttling/rate-limit-fields';
import { ApiError } from '../../base/errors/api-error';
import { clientAddress } from '../../platform/throttling/client-address';
import { waitSeconds } from '../../platform/throttling/too-many-requests';
import { OAuthStorage } from '../../domain/oauth/oauth-storage';
import { consentPage, errorPage, loginPage, signedOutPage } from './pages';
import { SESSION_COOKIE, Sessions } from '../../domain/oauth/sessions';
import { TokenRevocation } from '../../domain/oauth/token-revocation';
import {
  clientCredentials,
  fieldsOf,
  firstMalformed,
  requireStringParameters,
  TOKEN_PARAMETERS,
} from '../../domain/oauth/request-parameters';
import { UsersService } from '../../domain/applications/users.service';
import { AppConfig } from '../../platform/config/app-config';

const LOGIN_CSRF_COOKIE = 'ip_login_csrf';
/** Marks a browser that signed in to an account before (see LoginThrottle). */
const DEVICE_COOKIE = 'ip_device';
const DEVICE_COOKIE_MS = 90 * 24 * 3_600_000;
const LOGIN_FIELDS = ['email', 'password', 'csrf', 'return_to'] as const;
type LoginForm = { [name in (typeof LOGIN_FIELDS)[number]]?: string };

/**
 * The authorization server's endpoints (docs/api.md#authorization-endpoint,
 * docs/api.md#token-endpoint; RFC 6749, 7009).
 */
@ApiTags('oauth')
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly flow: AuthorizationFlow,
    private readonly server: AuthorizationServer,
    private readonly sessions: Sessions,
    private readonly users: UsersService,
    private readonly revocation: TokenRevocation,
    private readonly config: AppConfig,
    private readonly storage: OAuthStorage,
    private readonly loginThrottle: LoginThrottle,
  ) {}

  @Get('authorize')
  @ApiOperation({
    summary: 'Start an authorization (RFC 6749 4.1.1)',
    description:
      "The user's browser: the sign-in page, then the consent page (HTML), then a redirect to the callback with code and state.",
  })
  @ApiQuery({ name: 'response_type', enum: ['code'] })
  @ApiQuery({ name: 'client_id' })
  @ApiQuery({ name: 'redirect_uri', required: false })
  @ApiQuery({ name: 'state', required: false })
  @ApiQuery({ name: 'scope', required: false, enum: ['full'] })
  @ApiQuery({
    name: 'code_challenge',
    required: false,
    description: 'PKCE (required of public clients)',
  })
  @ApiQuery({ name: 'code_challenge_method', required: false, enum: ['S256'] })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The sign-in or consent page' })
  @ApiResponse({ status: 302, description: 'To the callback, with code or error, and state' })
  @ApiResponse({
    status: 400,
    description: 'Unknown client or redirect_uri: an error page, never a redirect',
  })
  async authorize(
    @Query() query: AuthorizeParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const session = await this.sessions.find(request.cookies?.[SESSION_COOKIE]);
    const step = await this.flow.start(query, session);
    if (step.kind === 'login') {
      const csrf = randomToken('');
      response.cookie(LOGIN_CSRF_COOKIE, csrf, {
        ...this.sessions.cookieOptions(),
        maxAge: 3_600_000,
      });
      return void this.html(response, 200, loginPage(request.originalUrl, csrf));
    }
    this.answer(response, step);
  }

  @Post('authorize')
  @ApiOperation({ summary: 'The consent form: allow or deny (single-use form token)' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiResponse({ status: 302, description: 'To the callback' })
  @ApiResponse({ status: 403, description: 'Stale, reused or foreign form token' })
  async decide(@Body() body: unknown, @Req() request: Request, @Res() response: Response) {
    const session = await this.sessions.find(request.cookies?.[SESSION_COOKIE]);
    const { csrf, decision, ...params } = fieldsOf(body);
    if (!session || !(await this.sessions.consumeConsentToken(session, params, csrf))) {
      return this.html(
        response,
        403,
        errorPage('Your session expired or the form is stale: start again from the application.'),
      );
    }
    this.answer(
      response,
      await this.flow.decide(params as AuthorizeParams, session, decision === 'allow'),
    );
  }

  /**
   * Ends the session. POST only: the cookie is SameSite=Lax, so another site cannot sign a
   * user out. "Not you?" on the consent page comes back to the same request, to sign in again.
   */
  @Post('logout')
  @ApiOperation({ summary: "End the user's session on these pages" })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiResponse({ status: 200, description: 'Signed out (HTML)' })
  @ApiResponse({ status: 303, description: 'Back to the authorization request given as return_to' })
  async logout(
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const session = await this.sessions.find(request.cookies?.[SESSION_COOKIE]);
    if (session) await this.sessions.close(session);
    response.clearCookie(SESSION_COOKIE, this.sessions.clearCookieOptions());
    const { return_to: returnTo } = fieldsOf(body);
    if (typeof returnTo === 'string' && returnTo.startsWith('/oauth/authorize?'))
      return void response.redirect(303, returnTo);
    this.html(response, 200, signedOutPage());
  }

  @Post('login')
  @ApiOperation({ summary: 'The sign-in form (email, password, form token, return_to)' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiResponse({ status: 303, description: 'Signed in: back to the authorization request' })
  @ApiResponse({ status: 401, description: 'Wrong email or password (the form again)' })
  @ApiResponse({ status: 429, description: 'Locked for a while (Retry-After)' })
  async login(
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const form = fieldsOf(body) as LoginForm;
    const malformed = firstMalformed(form, LOGIN_FIELDS);
    if (malformed)
      return this.html(response, 400, errorPage(`The ${malformed} field must be given once.`));
    const returnTo = form.return_to ?? '';
    if (!returnTo.startsWith('/oauth/authorize?'))
      return this.html(response, 400, errorPage('Sign in from an application.'));
    const csrf = request.cookies?.[LOGIN_CSRF_COOKIE];
    if (!csrf || form.csrf !== csrf) {
      return this.html(
        response,
        403,
        errorPage('The sign-in form expired: go back and try again.'),
      );
    }
    const attempt = {
      email: form.email ?? '',
      address: clientAddress(request),
      device: request.cookies?.[DEVICE_COOKIE] as string | undefined,
    };
    const { policy, state } = await this.loginThrottle.standing(attempt);
    announceRateLimit(response, policy, state);
    if (state.blockedForMs)
      return this.tooManyAttempts(response, returnTo, csrf, state.blockedForMs);
    const user = await this.users
      .authenticate(attempt.email, form.password ?? '')
      .catch((error) => {
        if (error instanceof ApiError && error.getStatus() === 429) return error;
        throw error;
      });
    if (user instanceof ApiError) return this.tooManyAttempts(response, returnTo, csrf, 1000);
    if (!user) {
      const { policy: same, state: after } = await this.loginThrottle.failed(attempt);
      announceRateLimit(response, same, after);
      return this.html(response, 401, loginPage(returnTo, csrf, 'Wrong email or password.'));
    }
    const device = await this.loginThrottle.succeeded(attempt);
    response.cookie(DEVICE_COOKIE, device, {
      ...this.sessions.cookieOptions(),
      maxAge: DEVICE_COOKIE_MS,
    });
    const { token } = await this.sessions.open(user.id);
    response.cookie(SESSION_COOKIE, token, this.sessions.cookieOptions());
    response.clearCookie(LOGIN_CSRF_COOKIE, this.sessions.clearCookieOptions());
    response.redirect(303, returnTo);
  }

  @Post('token')
  @ApiOperation({ summary: 'Exchange a code, or refresh (RFC 6749 4.1.3, 6)' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOkResponse({ type: TokenDoc })
  @ApiResponse({ status: 400, type: OAuthErrorDoc })
  @ApiResponse({ status: 401, type: OAuthErrorDoc, description: 'invalid_client' })
  async token(@Req() request: Request, @Res() response: Response): Promise<void> {
    response.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    try {
      const fields = fieldsOf(request.body);
      const client = clientCredentials(fields, request.headers.authorization);
      requireStringParameters(fields, TOKEN_PARAMETERS);
      await this.storage.refusePkceDowngrade(fields);
      const answer = await this.server.respondToAccessTokenRequest(
        new OAuthRequest({
          query: {},
          // The credentials as read above (Basic ones decoded, RFC 6749 2.3.1), in the
          // body: the library reads Basic without decoding, and no other header.
          body: { ...fields, client_id: client.clientId, client_secret: client.secret },
          headers: {},
        }),
      );
      // The lifetime as configured (the library counts whole seconds left: 7199).
      response.status(200).json({ ...answer.body, expires_in: this.config.ttl.tokenSeconds });
    } catch (error) {
      this.oauthError(request, response, error);
    }
  }

  @Post('revoke')
  @ApiOperation({ summary: 'Revoke a token (RFC 7009)' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOkResponse({ description: 'Revoked, or unknown (RFC 7009 2.2)' })
  @ApiResponse({ status: 401, type: OAuthErrorDoc, description: 'invalid_client' })
  @HttpCode(200)
  async revoke(@Req() request: Request, @Res() response: Response): Promise<void> {
    response.set({ 'Cache-Control': 'no-store' });
    try {
      await this.revocation.revoke(fieldsOf(request.body), request.headers.authorization);
      response.status(200).end();
    } catch (error) {
      this.oauthError(request, response, error);
    }
  }

  private tooManyAttempts(
    response: Response,
    returnTo: string,
    csrf: string,
    waitMs: number,
  ): void {
    const seconds = waitSeconds(waitMs);
    const wait =
      seconds < 90
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${Math.ceil(seconds / 60)} minutes`;
    response.set('Retry-After', String(seconds));
    const message = `Too many sign-in attempts: try again in ${wait}.`;
    this.html(response, 429, loginPage(returnTo, csrf, message));
  }

  private answer(response: Response, step: Awaited<ReturnType<AuthorizationFlow['start']>>): void {
    if (step.kind === 'redirect') return void response.redirect(302, step.location);
    if (step.kind === 'error-page') return this.html(response, 400, errorPage(step.message));
    if (step.kind === 'consent') return this.html(response, 200, consentPage(step.consent));
  }

  private oauthError(request: Request, response: Response, error: unknown): void {
    const body = fieldsOf(request.body);
    const { status, body: payload } = toRfc6749(
      error,
      (name) => body[name] !== undefined && body[name] !== '',
    );
    if (status === 401 && /^Basic /i.test(request.headers.authorization ?? '')) {
      response.set('WWW-Authenticate', 'Basic realm="Instant Preview OAuth"');
    }
    if (!isOAuthError(error)) console.error(error);
    response.status(status).json(payload);
  }

  private html(response: Response, status: number, html: string): void {
    response
      .status(status)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Frame-Options': 'DENY',
        // No form-action: Chrome applies it to the redirect to the application's callback.
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      })
      .send(html);
  }
}
