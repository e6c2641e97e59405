import { describe, expect, it } from '@jest/globals';
import { ROLES, isStaffRole, roleName } from './roles';

describe('roles', () => {
  it('maps the numeric codes to names', () => {
    expect(ROLES).toEqual({ Admin: 100, Service: 200, CustomerService: 300, Supplier: 400, Customer: 500 });
    expect([100, 200, 300, 400, 500].map(roleName)).toEqual([
      'Admin',
      'Service',
      'CustomerService',
      'Supplier',
      'Customer',
    ]);
    expect(roleName(0)).toBeUndefined();
    expect(roleName(999)).toBeUndefined();
  });

  it('treats Admin, Service and CustomerService as staff, not suppliers or customers', () => {
    expect([100, 200, 300, 400, 500].map(isStaffRole)).toEqual([true, true, true, false, false]);
    expect(isStaffRole(0)).toBe(false);
    expect(isStaffRole(150)).toBe(false);
  });
});
