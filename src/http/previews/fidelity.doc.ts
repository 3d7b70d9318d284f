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
    versions: {
      type: 'object',
      description: "The client's version, its engine's, and the browser release that engine is",
      properties: {
        client: { type: 'string', example: 'iOS 15.0 Mail' },
        engine: { type: 'string' },
        release: {
          type: 'object',
          properties: {
            browser: {
              type: 'string',
              enum: ['safari_ios', 'safari', 'firefox', 'chrome_android'],
            },
            version: { type: 'string', example: '15.0' },
          },
        },
      },
    },
    engine_release: {
      type: 'object',
      nullable: true,
      description:
        'What the release of a frozen engine lacked, removed where caniemail has no test at the version (@mdn/browser-compat-data)',
      properties: {
        release: { type: 'string', example: 'Safari on iOS 15.0' },
        source: { type: 'string' },
        removed: { type: 'array', items: { type: 'string' } },
      },
    },
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
