import { describe, expect, it } from '@jest/globals';
import * as domain from './index';

describe('domain index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'BRAND',
      'DEFAULT_CURRENCY',
      'round2',
      'freight',
      'freightBand',
      'FREIGHT_TABLES',
      'PROVINCES',
      'siteCountry',
      'taxationFor',
      'orderTotal',
      'lineSubtotal',
      'configuredLinePrice',
      'configurationProblem',
      'backInStockSchema',
      'typeaheadText',
      'searchRequestSchema',
      'ORDER_STATUS',
      'orderStatusLabel',
      'RECORD_VALIDITY',
      'ROLES',
      'roleName',
      'isStaffRole',
      'ROUTES',
      'STATES',
      'stateName',
      'isStateCode',
      'shippingStateAllowed',
      'cartTotals',
      'linesBlockedIn',
      'TAX_RATES',
      'CARRIERS',
      'canTransition',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });
});
