import type { AuthCheckerInterface, ResolverData } from 'type-graphql';
import { ROLES, type RoleName } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';

/**
 * Who may call an operation (docs/decisions/010-permissions.md): everyone, any signed-in user, or the listed
 * roles. Ownership (a user's own addresses, orders...) is checked in the services on top of this.
 */
export type Access = 'public' | 'signed-in' | readonly RoleName[] | ScopedAccess;

/** Roles of signed-in users; a partner token also needs `scope` on its key (and its user one of the roles). */
export interface ScopedAccess {
  roles: readonly RoleName[];
  /** The key's scope, or any one of several. */
  scope: string | readonly string[];
}

/** `@Authorized(...)` entries for a scoped access: the roles, then `scope:<name>`. */
export const SCOPE_PREFIX = 'scope:';

/** Staff roles of the admin console. */
export const STAFF: readonly RoleName[] = ['Admin', 'Service', 'CustomerService'];

/** Throws UNAUTHENTICATED (401) or FORBIDDEN (403) unless the caller has `access`. */
export function assertAccess(ctx: Ctx, access: Access): void {
  if (access === 'public') return;
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  const scoped = typeof access === 'object' && 'scope' in access ? access : null;
  // Partner tokens reach public operations and those their key's scopes name; never a user's own account.
  if (ctx.apiCaller && !(scoped && scopesOf(scoped).some((s) => ctx.apiCaller!.scopes.includes(s)))) {
    throw new AppError('FORBIDDEN', 'This operation is not open to this API key.');
  }
  if (access === 'signed-in') return;
  const roles = scoped ? scoped.roles : (access as readonly RoleName[]);
  if (!roles.some((role) => ROLES[role] === ctx.user!.role)) {
    throw new AppError('FORBIDDEN', 'You do not have access to this.');
  }
}

/** A scoped access's scopes (any one of them admits a key). */
export const scopesOf = (access: ScopedAccess): readonly string[] => [access.scope].flat();

/** `@Authorized(...)` entries for a scoped access: its roles, then `scope:<name>` for each scope. */
export const authorizedFor = (access: ScopedAccess): string[] => [
  ...access.roles,
  ...scopesOf(access).map((s) => SCOPE_PREFIX + s),
];

/**
 * type-graphql's `@Authorized()` (any signed-in user) and `@Authorized('Admin', ...)` (those roles), checked
 * before the resolver runs.
 */
export class AuthChecker implements AuthCheckerInterface<Ctx, string> {
  check({ context }: ResolverData<Ctx>, entries: string[]): boolean {
    const scope = entries.filter((e) => e.startsWith(SCOPE_PREFIX)).map((e) => e.slice(SCOPE_PREFIX.length));
    const roles = entries.filter((e) => !e.startsWith(SCOPE_PREFIX)) as RoleName[];
    assertAccess(context, scope.length ? { roles, scope } : roles.length ? roles : 'signed-in');
    return true;
  }
}

/**
 * Partner tokens reach the cart, checkout and orders (public operations) only with the orders:own scope, or with
 * company:orders when the key's user belongs to a company (a procurement system buying for it, decision 047).
 */
export function assertOrdersScope(ctx: Ctx): void {
  if (ctx.apiCaller && !ctx.apiCaller.scopes.includes('orders:own') && !actsForCompany(ctx)) {
    throw new AppError('FORBIDDEN', 'This operation is not open to this API key.');
  }
}

/** A partner token with the company:orders scope, whose user belongs to a company. */
export function actsForCompany(ctx: Ctx): boolean {
  return Boolean(ctx.apiCaller?.scopes.includes('company:orders') && ctx.user?.accountId);
}
