/** The OpenAPI schema of a client's fidelity record (GET /v1/clients/<code>/fidelity). */
const STATUS = {
  type: 'string',
  enum: ['emulated', 'emulated-unproven', 'not-emulated', 'cannot-emulate'],
};

export const FIDELITY_SCHEMA = {
  type: 'object',
  properties: {
    client: { type: 'string', example: 'OL2019' },
    name: { type: 'string' },
    family: { type: 'string' },
    engine: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        version: { type: 'string' },
        instead_of: { type: 'object' },
      },
    },
    client_engine: { type: 'string' },
    caniemail: { type: 'object', nullable: true },
    fonts: { type: 'object' },
    behaviours: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          behaviour: { type: 'string' },
          source: { type: 'string' },
          status: STATUS,
          proof: { type: 'string' },
          reason: { type: 'string' },
        },
      },
    },
    caniemail_features: { type: 'array', items: { type: 'object' } },
    summary: { type: 'object', additionalProperties: { type: 'number' } },
  },
};
