/** The OpenAPI schema of a client's fidelity record (GET /v1/clients/<code>/fidelity). */
const STATUS = {
  type: 'string',
  enum: ['emulated', 'not-emulated', 'cannot-emulate', 'undecided'],
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
    caniemail_features: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          feature: { type: 'string', example: 'css-margin' },
          title: { type: 'string' },
          source: { type: 'string' },
          status: STATUS,
          handling: {
            type: 'string',
            description:
              "`removed`, `note #N applied`, `note #N not emulated`, `note #N done by the family's own stages`, `note #N makes it unsupported for this profile` or `kept`",
          },
          note: { type: 'string' },
          conformance: {
            type: 'object',
            description:
              "The render of caniemail's test email that proves the entry (or shows where it falls short)",
            properties: {
              test: { type: 'string', example: 'css-margin.html' },
              caniemail: { type: 'string', example: 'a #1' },
              expected: {
                type: 'string',
                nullable: true,
                enum: ['supported', 'unsupported'],
                description:
                  "What caniemail's value expects of this client (a partial value whose note makes it unsupported for this very profile expects unsupported)",
              },
              result: { type: 'string', enum: ['supported', 'unsupported', 'undecided'] },
              agrees: { type: 'boolean', nullable: true },
              drawn_for: {
                type: 'string',
                description:
                  'The client the same pictures were drawn for: this one prepares the test identically',
              },
            },
          },
          probe: {
            type: 'object',
            description:
              "An applied note's probe: an email drawn in the first profile of the family that applies the note, with the note's rule and without it",
            properties: {
              email: { type: 'string', nullable: true, example: 'css-font-size-1.html' },
              client: { type: 'string', example: 'OL2007' },
              change: {
                type: 'number',
                nullable: true,
                description: "Pixels the note's rule changes in that render",
              },
            },
          },
          reason: { type: 'string', description: 'Why an entry is not `emulated`' },
        },
      },
    },
    summary: {
      type: 'object',
      description:
        "How many behaviours and caniemail entries have each status, and the conformance suite's agreement with caniemail on this client's decided entries",
      properties: {
        emulated: { type: 'number' },
        'not-emulated': { type: 'number' },
        'cannot-emulate': { type: 'number' },
        undecided: { type: 'number' },
        agreement: {
          type: 'object',
          properties: {
            rate: { type: 'number', nullable: true, minimum: 0, maximum: 1 },
            decided: { type: 'number' },
            agreeing: { type: 'number' },
            undecided: { type: 'number' },
          },
        },
      },
    },
  },
};
