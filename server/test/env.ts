/** Environment variables global-setup hands to the test workers. */
export const TEST_ENV = {
  serverUrl: 'AXL_TEST_SERVER_URL',
  prefix: 'AXL_TEST_DB_PREFIX',
  template: 'AXL_TEST_TEMPLATE_DB',
} as const;

/** Products in the template database's demo catalogue. */
export const TEST_CATALOG_SIZE = 2000;
