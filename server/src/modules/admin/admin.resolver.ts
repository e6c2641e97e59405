import {
  Arg,
  Authorized,
  Ctx,
  Field,
  Float,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import type { Ctx as RequestCtx } from '../../context';
import { dashboard } from './dashboard';
import { resetAllPasswords } from './users.service';
import { adminUserService } from './users-admin.service';

@ObjectType('AdminUser', { description: 'A user as the console shows it' })
class AdminUserGql {
  @Field(() => ID) id!: string;
  @Field(() => String) email!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String) phone!: string;
  @Field(() => Int, { description: 'Admin 100 ... Customer 500' }) role!: number;
  @Field(() => String) roleName!: string;
  @Field(() => Int, { description: '0 Valid, 1 Locked, 2 Expired, 3 Pending' }) validity!: number;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field(() => ID, { nullable: true, description: 'Their company (adminCompany)' }) companyId!: string | null;
  @Field(() => String, { nullable: true, description: 'Their role in it: Admin, Approver, Buyer or Viewer' })
  companyRole!: string | null;
  @Field(() => String, { nullable: true }) erpAccountId!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The ERP account number typed at registration, not verified yet (grants nothing)',
  })
  erpAccountClaim!: string | null;
  @Field(() => Int) orderCount!: number;
  @Field(() => String, { nullable: true }) lastSignInAt!: string | null;
  @Field(() => String) createdAt!: string;
}

@ObjectType('AdminUserPage')
class AdminUserPageGql {
  @Field(() => [AdminUserGql]) items!: AdminUserGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@InputType('AdminUserFilterInput')
class AdminUserFilterInputGql {
  @Field(() => String, { nullable: true, description: 'E-mail, name, company or ERP account id' })
  q?: string | null;
  @Field(() => [Int], { nullable: true }) roles?: number[] | null;
  @Field(() => Boolean, { nullable: true }) locked?: boolean | null;
  @Field(() => Int, { nullable: true }) page?: number | null;
  @Field(() => Int, { nullable: true }) pageSize?: number | null;
}

@ObjectType('StatusCount')
class StatusCountGql {
  @Field(() => Int) status!: number;
  @Field(() => String) label!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('DaySales')
class DaySalesGql {
  @Field(() => String, { description: 'YYYY-MM-DD in the store time zone' }) day!: string;
  @Field(() => Float) sales!: number;
  @Field(() => Int) orders!: number;
}

@ObjectType('TopProduct')
class TopProductGql {
  @Field(() => ID) itemId!: string;
  @Field(() => String) name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float) revenue!: number;
}

@ObjectType('QueryCount')
class QueryCountGql {
  @Field(() => String) query!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('Funnel', {
  description: 'views -> add to cart -> checkout -> purchase; null where not collected yet',
})
class FunnelGql {
  @Field(() => Int, { nullable: true }) views!: number | null;
  @Field(() => Int, { nullable: true }) addToCart!: number | null;
  @Field(() => Int) checkout!: number;
  @Field(() => Int) purchase!: number;
}

@ObjectType('DashboardPromotion', { description: "A promotion the range's orders took (decision 079)" })
class DashboardPromotionGql {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) code!: string | null;
  @Field(() => Int, { description: 'Orders that took it' }) redemptions!: number;
  @Field(() => Float, { description: 'What it took off (goods and freight)' }) discount!: number;
  @Field(() => Float, { description: 'Those orders: subtotal less their promotions' }) netSales!: number;
}

@ObjectType('Dashboard')
class DashboardGql {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => Float) sales!: number;
  @Field(() => Int) orderCount!: number;
  @Field(() => Float) averageOrderValue!: number;
  @Field(() => [StatusCountGql]) ordersByStatus!: StatusCountGql[];
  @Field(() => [DaySalesGql]) salesByDay!: DaySalesGql[];
  @Field(() => [TopProductGql]) topProducts!: TopProductGql[];
  @Field(() => [DashboardPromotionGql]) promotions!: DashboardPromotionGql[];
  @Field(() => [QueryCountGql]) topSearches!: QueryCountGql[];
  @Field(() => [QueryCountGql]) zeroResultSearches!: QueryCountGql[];
  @Field(() => FunnelGql) funnel!: FunnelGql;
  @Field(() => Int) searches!: number;
  @Field(() => Int) searchClicks!: number;
}

const given = <T extends object>(input: T | null) =>
  Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== null && v !== ''));

@Resolver()
export class AdminResolver {
  @Authorized(...CONSOLE_ACCESS.manageUsers)
  @Mutation(() => Int, {
    description:
      'Invalidates every password and session and e-mails reset links; needs a sign-in within 5 minutes. Answers the number of users.',
  })
  resetAllPasswords(@Ctx() ctx: RequestCtx): Promise<number> {
    return resetAllPasswords(ctx, ctx.req.session?.authAt);
  }

  @Authorized(...CONSOLE_ACCESS.customers)
  @Query(() => AdminUserPageGql, { description: 'Customers and staff, newest first' })
  adminUsers(
    @Arg('filter', () => AdminUserFilterInputGql, { nullable: true }) filter: AdminUserFilterInputGql | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return adminUserService.search(ctx, given(filter));
  }

  @Authorized(...CONSOLE_ACCESS.manageUsers)
  @Mutation(() => AdminUserGql, { description: "Changes a user's role (Admin only; never one's own)" })
  setUserRole(
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => Int) role: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return adminUserService.setRole(ctx, { userId, role });
  }

  @Authorized(...CONSOLE_ACCESS.lockUsers)
  @Mutation(() => AdminUserGql, { description: 'Locks (ending its sessions) or unlocks an account' })
  setUserLocked(
    @Arg('userId', () => ID) userId: string,
    @Arg('locked', () => Boolean) locked: boolean,
    @Ctx() ctx: RequestCtx,
  ) {
    return adminUserService.setLocked(ctx, { userId, locked });
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => AdminUserGql, {
    description:
      'Attaches a customer to the company with this ERP account id (made with `company` as its name if new), verifying their claim; null detaches',
  })
  setUserCompany(
    @Arg('userId', () => ID) userId: string,
    @Arg('erpAccountId', () => String, { nullable: true }) erpAccountId: string | null,
    @Arg('company', () => String, { nullable: true }) company: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return adminUserService.setCompany(ctx, { userId, erpAccountId, company });
  }

  @Authorized(...CONSOLE_ACCESS.dashboard)
  @Query(() => DashboardGql, { description: 'Sales, orders, products and searches for [from, to)' })
  dashboard(
    @Arg('from', () => String) from: string,
    @Arg('to', () => String) to: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return dashboard(ctx, { from, to });
  }
}
