import { Metrics } from '../platform/metrics/metrics';
import { httpMetrics } from '../platform/metrics/http-metrics';
import type { INestApplication } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { ApiExceptionFilter } from './api-exception.filter';
import { errorBody } from '../base/errors/error-body';
import { NoNulPipe } from './no-nul.pipe';
import { apiValidationPipe } from './validation.pipe';
import { AppConfig } from '../platform/config/app-config';
import { captureHostPattern } from './capture-host-name';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import { queryHygiene } from './query-hygiene';
import { problemDetails } from './problem-details';
import { rememberBodyDigest } from './idempotency/request-fingerprint';
import { serveOpenApi } from './openapi/openapi-document';
import { staffRequests } from './staff-requests';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** 415 for a body on the JSON API that is not JSON (the OAuth endpoints take forms too). */
function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    Number(req.headers['content-length'] ?? 0) > 0;
  if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody && !req.is(JSON_TYPES)) {
    res.status(415).json(errorBody(415, 'Content-Type must be application/json'));
    return;
  }
  next();
}

/**
 * HTTPS only (docs/api.md#what-the-service-does) when PUBLIC_URL is https: a plain-HTTP
 * request (as the trusted proxy reports it) is redirected to HTTPS when it is a GET or HEAD,
 * refused otherwise. Health checks stay reachable over plain HTTP for orchestrators. The
 * redirect goes to PUBLIC_URL's host, or to the capture host the request named: never to
 * whatever Host a client sent.
 */
function requireHttps(config: AppConfig) {
  const publicHost = new URL(config.publicUrl).host;
  const captureHost = captureHostPattern(config.cdn.domain);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.secure || req.path.startsWith('/health/')) return next();
    if (req.method === 'GET' || req.method === 'HEAD') {
      const host = req.headers.host ?? '';
      const target = captureHost.test(host) ? host.toLowerCase() : publicHost;
      return res.redirect(308, `https://${target}${req.originalUrl}`);
    }
    res.status(403).json(errorBody(403, 'HTTPS is required'));
  };
}

/**
 * helmet's headers on every response: nosniff, a CSP that lets nothing load or frame
 * (the API answers JSON and images; the OAuth pages set their own, looser one), no
 * referrer, HSTS when PUBLIC_URL is https. Cross-origin resource policy stays open:
 * integrators put preview images straight into <img src> on their own pages.
 */
function securityHeaders(config: AppConfig) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
}

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH before it is parsed; keeps the digest
 * an Idempotency-Key compares.
 */
function verifyJsonBody(req: Request, _res: Response, body: Buffer): void {
  rememberBodyDigest(req, body);
  if (jsonDepthExceeds(body)) {
    throw Object.assign(new Error(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels`), {
      status: 400,
      type: 'entity.too.deep',
    });
  }
}

/**
 * Body-parser failures in the contract's body: malformed JSON or compressed data (400),
 * too deep (400), too large (413), unsupported charset or Content-Encoding (415). Every
 * other 4xx body-parser raises (a truncated body, say) keeps its status.
 */
function bodyErrors(config: AppConfig) {
  const limitMb = Math.round((config.bodyLimitBytes / 1024 / 1024) * 10) / 10;
  return (
    error: { type?: string; message?: string; status?: number; code?: string },
    _req: Request,
    res: Response,
    next: NextFunction,
  ) => {
    switch (error.type) {
      case 'entity.parse.failed':
        return res.status(400).json(errorBody(400, `Malformed JSON body: ${error.message}`));
      case 'entity.too.deep':
        return res.status(400).json(errorBody(400, error.message));
      case 'entity.too.large':
        return res.status(413).json(errorBody(413, `Request body exceeds the ${limitMb} MB limit`));
      case 'charset.unsupported':
      case 'encoding.unsupported':
        return res.status(415).json(errorBody(415, error.message));
    }
    if (typeof (error as { errno?: unknown }).errno === 'number') {
      // zlib could not decompress the body (gzip, deflate, br).
      return res
        .status(400)
        .json(errorBody(400, `Malformed compressed body: ${error.message ?? error.code}`));
    }
    if (error.status && error.status >= 400 && error.status < 500) {
      return res.status(error.status).json(errorBody(error.status, error.message));
    }
    return next(error);
  };
}

/**
 * Everything an HTTP app needs beyond its modules: body parsing with the configured limit,
 * the contract's error body everywhere, validation. main.ts and the e2e tests both call it,
 * so tests drive exactly what production serves. Create the app with `bodyParser: false`.
 */
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get(AppConfig);
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.disable('x-powered-by');
  http.set('trust proxy', config.trustProxy === 'true' ? true : config.trustProxy);
  app.use(httpMetrics(app.get(Metrics)));
  app.use(problemDetails);
  if (config.publicUrl.startsWith('https:')) app.use(requireHttps(config));
  app.use(securityHeaders(config));
  app.use(queryHygiene);
  app.use(['/v1/admin', '/v1/billing'], staffRequests(config));
  app.use(['/v1', '/mcp'], requireJsonBody);
  app.use(
    express.json({
      limit: config.bodyLimitBytes,
      type: JSON_TYPES,
      strict: true,
      verify: verifyJsonBody,
    }),
  );
  app.use(express.urlencoded({ limit: config.bodyLimitBytes, extended: false }));
  app.use(bodyErrors(config));
  app.use(cookieParser());
  serveOpenApi(app, config);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new NoNulPipe(), apiValidationPipe);
  app.enableShutdownHooks();
  return app;
}
