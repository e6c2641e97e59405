/** Numeric roles (spec section 6). Lower numbers carry more authority. */
export const ROLES = {
  Admin: 100,
  Service: 200,
  CustomerService: 300,
  Supplier: 400,
  Customer: 500,
} as const;

export type RoleName = keyof typeof ROLES;
export type RoleCode = (typeof ROLES)[RoleName];

export function roleName(code: number): RoleName | undefined {
  return (Object.keys(ROLES) as RoleName[]).find((name) => ROLES[name] === code);
}

/** Staff work in the admin console: Admin, Service and CustomerService. */
export function isStaffRole(code: number): boolean {
  return code === ROLES.Admin || code === ROLES.Service || code === ROLES.CustomerService;
}

/** Record validity codes (spec section 4), by name. */
export const VALIDITY = { Valid: 0, Locked: 1, Expired: 2, Pending: 3 } as const;
