import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../../platform/config/app-config';
import { clientCatalog } from '../../rendering';
import { withJsonSchemaNulls, withPublicSecurity } from './openapi-31';

/**
 * The OpenAPI 3.1 document, built by @nestjs/swagger from the controllers and DTOs. The one
 * endpoint that is not a Nest route, the capture host (a middleware answering
 * `<client>.capture.<CDN_DOMAIN>`), is described here with its own server.
 */
export function openApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('Instant Preview')
      .setDescription(
        'Screenshots of an email as rendered in named email clients. Preview URLs need no authentication: the email_guid is the capability. Errors answer {"status","title","description"}.',
      )
      .setVersion(process.env.npm_package_version ?? '0.1.0')
      .setLicense('MIT', 'https://opensource.org/licenses/MIT')
      .addServer(config.publicUrl)
      .addBasicAuth(
        {
          type: 'http',
          scheme: 'basic',
          description: 'The API key as the username, an empty password',
        },
        'api_key',
      )
      .addBasicAuth(
        {
          type: 'http',
          scheme: 'basic',
          description: 'A staff key as the username, an empty password',
        },
        'staff_key',
      )
      .addBearerAuth(
        { type: 'http', scheme: 'bearer', description: 'An OAuth access token (/oauth/token)' },
        'oauth',
      )
      .build(),
  );
  document.paths['/{email_guid}/results/{file}'] = captureHost(config);
  withJsonSchemaNulls(document.components);
  withJsonSchemaNulls(document.paths);
  withPublicSecurity(document);
  return document;
}

function captureHost(config: AppConfig): OpenAPIObject['paths'][string] {
  const clientHosts = clientCatalog.codes().map((code) => code.toLowerCase());
  return {
    servers: [
      {
        url: `${config.cdn.scheme}://{client}.capture.${config.cdn.domain}`,
        // Every client code, lower case (a variable's description trips the 3.1 validator).
        variables: { client: { default: 'ol2019', enum: clientHosts } },
      },
    ],
    get: {
      tags: ['capture host'],
      summary: "A preview's files: the cached JSON, and the images",
      description:
        'The URLs of the preview JSON live here. `<client>-<orientation>-<images>.json` answers the preview JSON; `<client>-<orientation>-<images>-<width>[-thumb|-thumb450].png` redirects (302) to where the image is stored now.',
      operationId: 'captureHostFile',
      parameters: [
        {
          name: 'email_guid',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'string' },
          example: 'ol2019-vertical-allowed-800-thumb450.png',
        },
      ],
      responses: {
        '200': { description: 'The cached preview JSON', content: { 'application/json': {} } },
        '302': { description: 'Location: the stored image' },
        '404': { description: 'Unknown, not captured yet, or purged' },
      },
    },
  };
}

/** Swagger UI loads its own scripts and styles: the API's deny-all CSP is loosened for /docs only. */
function docsPolicy(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  next();
}

/** Serves the document at /v1/openapi.json and Swagger UI at /docs. */
export function serveOpenApi(app: INestApplication, config: AppConfig): void {
  app.use('/docs', docsPolicy);
  SwaggerModule.setup('docs', app, () => openApiDocument(app, config), {
    jsonDocumentUrl: 'v1/openapi.json',
    raw: ['json'],
    customSiteTitle: 'Instant Preview API',
  });
}
