/**
 * Operations tests (issue 34, decision 051): real store processes behind HAProxy from Debian (`apt-get install
 * haproxy`; CI installs it). Run by `npm run test:ops`, apart from `npm test`, which needs nothing beyond npm.
 */
const base = require('./jest.config');

const server = base.projects.find((p) => p.displayName === 'server');

module.exports = {
  testTimeout: 180_000,
  projects: [
    {
      ...server,
      displayName: 'ops',
      roots: ['<rootDir>/server/test-ops'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
