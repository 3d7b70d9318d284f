import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { ClientAliases, type RetiredCode } from '../../rendering';

type Body = { configurations?: unknown; clients?: unknown } | undefined;

/**
 * A retired or renamed client code answers as its successor until its sunset: wherever a
 * request names clients (a path's `client` or `code`, a body's `configurations[].client` or
 * `clients[]`) the code is replaced by its successor before validation, and the answer carries
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `successor-version` link. Past the sunset
 * the code is left alone, and is then an unknown client like any other.
 */
@Injectable()
export class RetiredClientCodesInterceptor implements NestInterceptor {
  constructor(
    private readonly aliases: ClientAliases,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const used: RetiredCode[] = [];
    const current = (code: unknown): unknown => {
      if (typeof code !== 'string') return code;
      const retired = this.aliases.find(code, this.clock.now());
      if (!retired) return code;
      used.push(retired);
      return retired.successor;
    };
    for (const name of ['client', 'code']) {
      if (request.params?.[name] !== undefined)
        request.params[name] = current(request.params[name]) as string;
    }
    const body = request.body as Body;
    if (body && typeof body === 'object') {
      if (Array.isArray(body.clients)) body.clients = body.clients.map(current);
      if (Array.isArray(body.configurations)) {
        for (const configuration of body.configurations as { client?: unknown }[]) {
          if (configuration && typeof configuration === 'object')
            configuration.client = current(configuration.client);
        }
      }
    }
    if (used.length > 0) this.announce(context.switchToHttp().getResponse<Response>(), used);
    return next.handle();
  }

  private announce(response: Response, used: RetiredCode[]): void {
    const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
    const deprecated = earliest(used.map((retired) => retired.deprecated));
    const sunset = earliest(used.map((retired) => retired.sunset));
    // RFC 9745: a structured-field Date, seconds since the epoch after '@'.
    response.setHeader('Deprecation', `@${Math.floor(deprecated.getTime() / 1000)}`);
    response.setHeader('Sunset', sunset.toUTCString());
    const successors = [...new Set(used.map((retired) => retired.successor))];
    response.append(
      'Link',
      successors.map(
        (code) => `<${this.config.apiBaseUrl}/clients/${code}/fidelity>; rel="successor-version"`,
      ),
    );
  }
}
