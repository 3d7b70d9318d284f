import type { OpenAPIObject } from '@nestjs/swagger';
import { withJsonSchemaNulls, withPublicSecurity } from '../../../src/http/openapi/openapi-31';

describe('OpenAPI 3.0 leftovers made 3.1', () => {
  it('says null as a type: in the type list, the enum, or anyOf where no type is named', () => {
    const schemas = {
      Row: {
        type: 'object',
        properties: {
          key: { type: 'string', nullable: true, description: 'the group' },
          expected: { type: 'string', nullable: true, enum: ['supported', 'unsupported'] },
          nested: { type: 'array', items: { type: 'number', nullable: true } },
          linked: { $ref: '#/components/schemas/Other', nullable: true },
          plain: { type: 'string' },
        },
      },
    };
    withJsonSchemaNulls(schemas);
    expect(schemas.Row.properties).toEqual({
      key: { type: ['string', 'null'], description: 'the group' },
      expected: { type: ['string', 'null'], enum: ['supported', 'unsupported', null] },
      nested: { type: 'array', items: { type: ['number', 'null'] } },
      linked: { anyOf: [{ $ref: '#/components/schemas/Other' }, { type: 'null' }] },
      plain: { type: 'string' },
    });
  });

  it('gives an operation with no security `security: []`, and leaves the others alone', () => {
    const document = {
      paths: {
        '/public': { get: { responses: {} }, parameters: [] },
        '/private': { post: { security: [{ api_key: [] }], responses: {} } },
      },
    } as unknown as OpenAPIObject;
    withPublicSecurity(document);
    expect(document.paths['/public']).toEqual({
      get: { responses: {}, security: [] },
      parameters: [],
    });
    expect(document.paths['/private'].post!.security).toEqual([{ api_key: [] }]);
  });
});
