import type { AuthCheckerInterface, ResolverData } from 'type-graphql';
import { ROLES, type RoleName } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';

/**
 * Who may call an operation (docs/decisions/010-permissions.md): everyone, any signed-in user, or the listed
 * roles. Ownership (a user's own addresses, orders...) is checked in the services on top of this.
 */
export type Access = 'public' | 'signed-in' | readonly RoleName[];

/** Staff roles of the admin console. */
export const STAFF: readonly RoleName[] = ['Admin', 'Service', 'CustomerService'];

/** Throws UNAUTHENTICATED (401) or FORBIDDEN (403) unless the caller has `access`. */
export function assertAccess(ctx: Ctx, access: Access): void {
  if (access === 'public') return;
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  // Partner tokens reach public operations and, later, the ones their scopes name; never a user's account.
  if (ctx.apiCaller) throw new AppError('FORBIDDEN', 'This operation is not open to API keys.');
  if (access === 'signed-in') return;
  if (!access.some((role) => ROLES[role] === ctx.user!.role)) {
    throw new AppError('FORBIDDEN', 'You do not have access to this.');
  }
}

/**
 * type-graphql's `@Authorized()` (any signed-in user) and `@Authorized('Admin', ...)` (those roles), checked
 * before the resolver runs.
 */
export class AuthChecker implements AuthCheckerInterface<Ctx, RoleName> {
  check({ context }: ResolverData<Ctx>, roles: RoleName[]): boolean {
    assertAccess(context, roles.length ? roles : 'signed-in');
    return true;
  }
}
