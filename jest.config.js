// Five projects: fast unit tests; render tests (the rendering library with real
// Chromium, no database); fidelity probes (documented client behaviours in pixels); the
// hostile-email catalogue (bounded time and memory); e2e tests that boot the real app
// (run in band, once per database).
const base = {
  moduleFileExtensions: ['ts', 'js', 'json'],
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': 'ts-jest' },
};
module.exports = {
  testTimeout: 60000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'render',
      testMatch: ['<rootDir>/test/render/**/*.render-spec.ts'],
      slowTestThreshold: 30,
    },
    {
      ...base,
      displayName: 'fidelity',
      testMatch: ['<rootDir>/test/fidelity/**/*.fidelity-spec.ts'],
      slowTestThreshold: 60,
    },
    {
      ...base,
      displayName: 'hostile',
      testMatch: ['<rootDir>/test/hostile/**/*.hostile-spec.ts'],
      slowTestThreshold: 120,
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      slowTestThreshold: 30,
    },
  ],
};
