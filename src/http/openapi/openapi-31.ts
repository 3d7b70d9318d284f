import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;
const OPERATIONS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * @nestjs/swagger writes OpenAPI 3.0's `nullable: true` even in a 3.1 document, where it is no
 * keyword (JSON Schema says null as a type): each becomes `type: [t, 'null']` (an enum gains
 * null too), or `anyOf` with `{type: 'null'}` where the schema names no type ($ref, allOf).
 * No library this project uses converts a document in place, and the walk is a few lines.
 */
export function withJsonSchemaNulls(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withJsonSchemaNulls);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Schema;
  for (const value of Object.values(schema)) withJsonSchemaNulls(value);
  if (schema.nullable !== true) return;
  delete schema.nullable;
  if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum)) schema.enum = [...(schema.enum as unknown[]), null];
    return;
  }
  const rest = { ...schema };
  for (const key of Object.keys(schema)) delete schema[key];
  schema.anyOf = [rest, { type: 'null' }];
}

/**
 * An operation the controllers give no security is public (previews, checks, health, OAuth's
 * own endpoints): it says so with `security: []`, not by leaving readers to guess. The OpenAPI
 * e2e test holds every such GET to answering without credentials.
 */
export function withPublicSecurity(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of OPERATIONS) {
      const operation = (item as Record<string, { security?: unknown[] } | undefined>)[method];
      if (operation && operation.security === undefined) operation.security = [];
    }
  }
}
