/** One jest run, three projects: domain rules (node), server integration (node, PostgreSQL), client (jsdom). */
const swcNode = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
};

const swcClient = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
};

module.exports = {
  // Integration tests make many requests against PostgreSQL on a shared 2-core machine: a walk that takes 1 s alone
  // can take 6 under load. Timing is measured by bench/, never here.
  testTimeout: 20_000,
  // Two test files at a time even on 2 cores (jest's default there is one): a server test file mostly waits on
  // PostgreSQL, and each has its own database cloned from the template. Measured on 8 server files, alternating: 174 and 170 s with one
  // worker, 122 and 145 s with two (decision 066). More than two would crowd a 2-core machine's PostgreSQL.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'domain',
      testEnvironment: 'node',
      roots: ['<rootDir>/domain'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': ['@swc/jest', swcNode] },
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/migrations'],
      testMatch: ['**/*.spec.ts'],
      // Tests that need software beyond npm (HAProxy from Debian): `npm run test:ops` (jest.ops.config.js).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/test-ops/'],
      transform: { '^.+\\.ts$': ['@swc/jest', swcNode] },
      globalSetup: '<rootDir>/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/test/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/client/src/testing/jsdom-env.js',
      roots: ['<rootDir>/client/src'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcClient] },
      transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat)/)'],
      moduleNameMapper: {
        '^@domain/(.*?)(\\.js)?$': '<rootDir>/domain/$1',
        '^(\\.{1,2}/.*)\\.js$': '$1',
        // The catalogue's parts (i18n/index.ts) are the whole catalogue in tests.
        '^(.*\\.json)\\?part=\\w+$': '$1',
        '\\.(css|svg|png|jpg)$': '<rootDir>/client/src/testing/file-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/client/src/testing/setup.ts'],
    },
  ],
};
