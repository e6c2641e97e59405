import { lockStockOfOrders } from '../stock';
import {
  COMPANY_CAN,
  COMPANY_INVITATION_TTL_MS,
  COMPANY_ROLES,
  companyInvitationSchema,
  companyMemberSchema,
  companyOrderListSchema,
  companyRoleName,
  type CompanyRoleName,
} from '../../../../domain/company';
import { ROLES } from '../../../../domain/roles';
import { isUuid } from '../../../../domain/ids';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { limitMail } from '../account';
import { newToken, tokenHash } from '../../common/tokens';
import { recordAudit } from '../audit';
import { requireUser } from '../auth';
import { adminOf, companyCaller, keepsActiveAdmin, membership } from './company-access';
import { unshareLists } from '../saved-list';
import { companyAddresses, type CompanyAddressView } from './company-addresses';
import { LINK_TOKEN, localeOr, sendMessage } from '../mail';
import { approvalService } from './approval.service';
import { fxFactor } from '../../../../domain/fx';
import { cancelApproval, forgetHeldCard, spentThisMonth, type HeldCard } from './company-limits';
import { pricingOf } from '../catalog';
import { orderService, changeOrderStatus, cancellationMail } from '../order';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { memberChanged } from './company-events';

/*
 * A company's members and invitations (issue 31, decision 043). Membership is the user's `account_id`, with their
 * role and limits beside it. Every operation reads the caller's company and role in its own statement (a member
 * removed a moment ago can no longer act), and reaches only rows of that company: another company's member or
 * invitation answers NOT_FOUND, as one that does not exist.
 */

export interface CompanyMember {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRoleName;
  orderLimit: number | null;
  monthlyLimit: number | null;
}

export interface CompanyInvitationView {
  id: string;
  email: string;
  role: CompanyRoleName;
  orderLimit: number | null;
  monthlyLimit: number | null;
  expiresAt: Date;
}

export interface CompanyView {
  id: string;
  name: string;
  erpAccountId: string | null;
  /** The caller's own membership. */
  me: CompanyMember;
  /** Every member, for the company's admins; the caller alone for the others. */
  members: CompanyMember[];
  /** Open invitations, for the company's admins. */
  invitations: CompanyInvitationView[];
  /**
   * What the caller placed for the company this calendar month, not cancelled, on every site, in the company's
   * currency (decision 052); null when an order's currency has no exchange rate.
   */
  spentThisMonth: number | null;
  /** The company's currency: its limits and what was spent are in it. */
  currency: string;
  /** One unit of this site's currency in the company's (FX_RATES); null when there is no rate. */
  exchangeRate: number | null;
  /** Orders waiting for the caller's approval. */
  approvalsWaiting: number;
  /** Its locations (every member picks them at checkout). */
  addresses: CompanyAddressView[];
  /** Whether its members ship only to its locations. */
  shipToLocationsOnly: boolean;
}

/** What an invitation's link shows before it is accepted. */
export interface InvitationPreview {
  company: string;
  email: string;
  role: CompanyRoleName;
  invitedBy: string;
  expiresAt: Date;
}

interface MemberRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  orderLimit: string | null;
  monthlyLimit: string | null;
}

const MEMBER_COLUMNS = `u.id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.company_role as role, u.order_limit as "orderLimit", u.monthly_limit as "monthlyLimit"`;

const amount = (value: string | number | null) => (value === null ? null : Number(value));

const member = (row: MemberRow): CompanyMember => ({
  ...row,
  role: companyRoleName(row.role) ?? 'Buyer',
  orderLimit: amount(row.orderLimit),
  monthlyLimit: amount(row.monthlyLimit),
});

/** The invitation link's error: a bad, used, revoked or expired link, or someone else's. */
const invalidInvitation = () => new AppError('NOT_FOUND', 'This invitation is not valid or has expired.');

/** An invitation whose link still works (columns of the table named `t`, when given). */
const open = (t = '') => `${t}accepted_at is null and ${t}revoked_at is null and ${t}expires_at > now()`;

/** A member of the company, locked in the caller's transaction; NOT_FOUND when they are not one of its members. */
async function memberOf(ctx: Ctx, accountId: string, userId: string): Promise<MemberRow> {
  const [row] = await ctx.db.execute<MemberRow[]>(
    `select ${MEMBER_COLUMNS} from app_user u where u.id = ? and u.account_id = ? for update`,
    [userId, accountId],
    'all',
  );
  if (!row) throw notFound('Member');
  return row;
}

/** Refuses a change that would leave the company without an admin who can sign in: `leaving` stops being one. */
async function keepAnAdmin(ctx: Ctx, accountId: string, leaving: string): Promise<void> {
  if (!(await keepsActiveAdmin(ctx, accountId, leaving))) {
    throw new AppError('CONFLICT', 'Your company must keep at least one active admin.');
  }
}

export const companyService = {
  /**
   * The company's orders, for its admins, approvers and viewers: every member's (past members' too), or one buyer's,
   * filtered by status and date, newest first, with the buyers to filter by. Entry point: the filter as sent.
   */
  async orders(ctx: Ctx, input: unknown) {
    const filter = validate(companyOrderListSchema, input);
    const { accountId, role } = await membership(ctx);
    if (!COMPANY_CAN.seeOrders(role)) {
      throw new AppError(
        'UNPROCESSABLE',
        'Only admins, approvers and viewers of your company see its orders.',
      );
    }
    const page = await orderService.list(ctx, { accountId, userId: filter.buyerId }, filter);
    const buyers = await ctx.db.execute<{ userId: string; name: string }[]>(
      `select u.id as "userId",
         coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as name
       from app_user u
       where u.account_id = ? or u.id in (select distinct user_id from customer_order where account_id = ?)
       order by lower(u.last_name), lower(u.first_name), u.email`,
      [accountId, accountId],
    );
    const nameOf = new Map(buyers.map((b) => [b.userId, b.name]));
    return {
      ...page,
      items: page.items.map((o) => ({
        ...o,
        buyerId: o.userId,
        buyerName: (o.userId && nameOf.get(o.userId)) || o.contactEmail,
      })),
      buyers,
    };
  },

  /** The caller's company: null without one. */
  async mine(ctx: Ctx): Promise<CompanyView | null> {
    const userId = companyCaller(ctx).id;
    const [company] = await ctx.db.execute<
      {
        id: string;
        name: string;
        erpAccountId: string | null;
        role: number | null;
        shipToLocationsOnly: boolean;
        currency: string;
      }[]
    >(
      `select a.id, a.company as name, a.erp_account_id as "erpAccountId", u.company_role as role,
         a.ship_to_locations_only as "shipToLocationsOnly", a.currency_code as currency
       from app_user u join business_account a on a.id = u.account_id where u.id = ?`,
      [userId],
    );
    if (!company || company.role === null) return null;
    // A partner key reads the company and its own member, never the people, invitations or locations (decision 047).
    const partner = Boolean(ctx.apiCaller);
    const admin = COMPANY_CAN.manageMembers(company.role) && !partner;
    const members = (
      await ctx.db.execute<MemberRow[]>(
        `select ${MEMBER_COLUMNS} from app_user u where u.account_id = ? ${admin ? '' : 'and u.id = ?'}
         order by u.company_role, lower(u.last_name), lower(u.first_name), u.email`,
        admin ? [company.id] : [company.id, userId],
      )
    ).map(member);
    const invitations = admin
      ? (
          await ctx.db.execute<(Omit<CompanyInvitationView, 'role'> & { role: number })[]>(
            `select id, email, role, order_limit as "orderLimit", monthly_limit as "monthlyLimit",
               expires_at as "expiresAt"
             from company_invitation where account_id = ? and ${open()} order by created_at desc`,
            [company.id],
          )
        ).map((i) => ({
          ...i,
          role: companyRoleName(i.role) ?? 'Buyer',
          orderLimit: amount(i.orderLimit),
          monthlyLimit: amount(i.monthlyLimit),
        }))
      : [];
    return {
      id: company.id,
      name: company.name,
      erpAccountId: company.erpAccountId,
      me: members.find((m) => m.userId === userId)!,
      members,
      invitations,
      spentThisMonth: await spentThisMonth(
        ctx.db,
        { userId, accountId: company.id, currency: company.currency },
        ctx.app.fxRates,
      ),
      currency: company.currency,
      exchangeRate: fxFactor((await pricingOf(ctx)).currency, company.currency, ctx.app.fxRates),
      approvalsWaiting: await approvalService.waiting(ctx, company.id, company.role),
      addresses: partner ? [] : await companyAddresses(ctx.db, company.id),
      shipToLocationsOnly: company.shipToLocationsOnly,
    };
  },

  /**
   * An admin invites someone by e-mail, with a role and limits: a new invitation replaces the open one to the same
   * address. The e-mail's link is made when it is delivered.
   */
  async invite(ctx: Ctx, body: unknown): Promise<CompanyInvitationView> {
    const input = validate(companyInvitationSchema, body);
    const inviter = requireUser(ctx);
    const { publicUrl } = ctx.app.auth;
    return ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      // Counted for admins only: nobody else can use up an address's e-mails.
      await limitMail(ctx, 'company-invitation', input.email);
      const [known] = await ctx.db.execute<{ accountId: string | null; locale: string }[]>(
        'select account_id as "accountId", locale from app_user where lower(email) = ?',
        [input.email],
        'all',
      );
      if (known?.accountId === accountId) {
        const message = 'This person already belongs to your company.';
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'email', message }]);
      }
      await ctx.db.execute(
        `update company_invitation set revoked_at = now() where account_id = ? and email = ? and ${open()}`,
        [accountId, input.email],
        'run',
      );
      const expiresAt = new Date(Date.now() + COMPANY_INVITATION_TTL_MS);
      // A placeholder hash (a token nobody has) until the e-mail is delivered (decision 026).
      const [made] = await ctx.db.execute<{ id: string; company: string }[]>(
        `insert into company_invitation (account_id, email, role, order_limit, monthly_limit, token_hash,
           invited_by_id, expires_at)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         returning id, (select company from business_account where id = account_id) as company`,
        [
          accountId,
          input.email,
          COMPANY_ROLES[input.role],
          input.orderLimit ?? null,
          input.monthlyLimit ?? null,
          tokenHash(newToken()),
          inviter.id,
          expiresAt,
        ],
        'all',
      );
      const { role } = input;
      await sendMessage(ctx.db, ctx.log, {
        to: input.email,
        // Their language when they have an account; else the inviter's page's.
        locale: known ? localeOr(known.locale) : ctx.locale,
        message: {
          kind: 'company-invitation',
          company: made!.company,
          invitedBy: `${inviter.firstName} ${inviter.lastName}`.trim(),
          role,
          url: `${publicUrl}/company/join?token=${LINK_TOKEN}`,
        },
        link: { kind: 'company-invitation', ref: made!.id, expiresAt },
      });
      await recordAudit(ctx, {
        action: 'company.member-invited',
        targetType: 'company',
        targetId: accountId,
        after: {
          email: input.email,
          role,
          orderLimit: input.orderLimit ?? null,
          monthlyLimit: input.monthlyLimit ?? null,
        },
      });
      return {
        id: made!.id,
        email: input.email,
        role,
        orderLimit: input.orderLimit ?? null,
        monthlyLimit: input.monthlyLimit ?? null,
        expiresAt,
      };
    });
  },

  /** An admin withdraws an open invitation: its link stops working. */
  async revokeInvitation(ctx: Ctx, id: string): Promise<void> {
    await ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      const [revoked] = await ctx.db.execute<{ email: string }[]>(
        `update company_invitation set revoked_at = now()
         where id = ? and account_id = ? and ${open()} returning email`,
        [id, accountId],
        'all',
      );
      if (!revoked) throw notFound('Invitation');
      await recordAudit(ctx, {
        action: 'company.invitation-revoked',
        targetType: 'company',
        targetId: accountId,
        after: { email: revoked.email },
      });
    });
  },

  /** What an invitation's link offers (anyone holding the link): the company, the address, the role. */
  async preview(ctx: Ctx, token: string): Promise<InvitationPreview> {
    const [row] = await ctx.db.execute<(Omit<InvitationPreview, 'role'> & { role: number })[]>(
      `select a.company, i.email, i.role, i.expires_at as "expiresAt",
         coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), a.company) as "invitedBy"
       from company_invitation i join business_account a on a.id = i.account_id
       left join app_user u on u.id = i.invited_by_id
       where i.token_hash = ? and ${open('i.')}`,
      [tokenHash(token)],
    );
    if (!row) throw invalidInvitation();
    return { ...row, role: companyRoleName(row.role) ?? 'Buyer' };
  },

  /**
   * The open invitations to the signed-in person's own address, as their company page shows them: the way to check an
   * invitation without the e-mail's link (the address was proven when the account was registered).
   */
  async invitationsToMe(ctx: Ctx): Promise<(InvitationPreview & { id: string })[]> {
    const user = requireUser(ctx);
    const rows = await ctx.db.execute<(Omit<InvitationPreview, 'role'> & { id: string; role: number })[]>(
      `select i.id, a.company, i.email, i.role, i.expires_at as "expiresAt",
         coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), a.company) as "invitedBy"
       from company_invitation i join business_account a on a.id = i.account_id
       left join app_user u on u.id = i.invited_by_id
       where lower(i.email) = (select lower(email) from app_user where id = ?) and ${open('i.')}
       order by i.created_at desc limit 20`,
      [user.id],
    );
    return rows.map((row) => ({ ...row, role: companyRoleName(row.role) ?? 'Buyer' }));
  },

  /**
   * The signed-in person joins the company that invited their address, with the role and limits offered: by the
   * e-mail's link (`token`), or from their company page (`id`, an invitation to their own address). It works once.
   * Someone else's account, or an account already in a company, cannot use it.
   */
  async accept(ctx: Ctx, by: string | { id: string }): Promise<CompanyView> {
    const user = requireUser(ctx);
    if (typeof by !== 'string' && !isUuid(by.id)) throw invalidInvitation();
    await ctx.db.transactional(async () => {
      const [me] = await ctx.db.execute<{ email: string; role: number; accountId: string | null }[]>(
        'select email, role, account_id as "accountId" from app_user where id = ? for update',
        [user.id],
        'all',
      );
      const [invitation] = await ctx.db.execute<
        {
          id: string;
          accountId: string;
          email: string;
          role: number;
          orderLimit: string | null;
          monthlyLimit: string | null;
        }[]
      >(
        `update company_invitation set accepted_at = now(), accepted_by_id = ?
         where ${typeof by === 'string' ? 'token_hash' : 'id'} = ? and lower(email) = lower(?) and ${open()}
         returning id, account_id as "accountId", email, role, order_limit as "orderLimit",
           monthly_limit as "monthlyLimit"`,
        [user.id, typeof by === 'string' ? tokenHash(by) : by.id, me!.email],
        'all',
      );
      if (!invitation) throw invalidInvitation();
      if (me!.role !== ROLES.Customer) {
        throw new AppError('UNPROCESSABLE', 'Only customer accounts buy for a company.');
      }
      if (me!.accountId) throw new AppError('CONFLICT', 'You already belong to a company.');
      // A list shared with a company before is never shown to this one.
      await unshareLists(ctx.db, user.id, invitation.accountId);
      await ctx.db.execute(
        `update app_user set account_id = ?, company_role = ?, order_limit = ?, monthly_limit = ?,
           erp_account_claim = null, updated_at = now() where id = ?`,
        [invitation.accountId, invitation.role, invitation.orderLimit, invitation.monthlyLimit, user.id],
        'run',
      );
      memberChanged(ctx, invitation.accountId, user.id, 'joined', { role: companyRoleName(invitation.role) });
      await recordAudit(ctx, {
        action: 'company.member-joined',
        targetType: 'company',
        targetId: invitation.accountId,
        after: { userId: user.id, email: invitation.email, role: companyRoleName(invitation.role) },
      });
    });
    return (await this.mine(ctx))!;
  },

  /** An admin sets a member's role and limits. */
  async updateMember(ctx: Ctx, userId: string, body: unknown): Promise<CompanyMember> {
    const input = validate(companyMemberSchema, body);
    return ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      const before = await memberOf(ctx, accountId, userId);
      const limitChanged =
        amount(before.orderLimit) !== (input.orderLimit ?? null) ||
        amount(before.monthlyLimit) !== (input.monthlyLimit ?? null);
      if (userId === requireUser(ctx).id && limitChanged) {
        const message = 'Another admin of your company sets your own spending limits.';
        throw new AppError('UNPROCESSABLE', message, [{ field: 'orderLimit', message }]);
      }
      if (before.role === COMPANY_ROLES.Admin && input.role !== 'Admin') {
        await keepAnAdmin(ctx, accountId, userId);
      }
      const [after] = await ctx.db.execute<MemberRow[]>(
        `update app_user u set company_role = ?, order_limit = ?, monthly_limit = ?, updated_at = now()
         where u.id = ? returning ${MEMBER_COLUMNS}`,
        [COMPANY_ROLES[input.role], input.orderLimit ?? null, input.monthlyLimit ?? null, userId],
        'all',
      );
      memberChanged(ctx, accountId, userId, 'updated', { ...member(after!) });
      await recordAudit(ctx, {
        action: 'company.member-changed',
        targetType: 'user',
        targetId: userId,
        before: member(before),
        after: member(after!),
      });
      return member(after!);
    });
  },

  /**
   * An admin removes a member (themselves too, while another admin remains): they buy for themselves again. Their
   * orders still waiting for the company's approval are cancelled (nothing was charged), and they are told.
   */
  async removeMember(ctx: Ctx, userId: string): Promise<void> {
    const held: HeldCard[] = [];
    await ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      const before = await memberOf(ctx, accountId, userId);
      if (before.role === COMPANY_ROLES.Admin) await keepAnAdmin(ctx, accountId, userId);
      await unshareLists(ctx.db, userId, null);
      await ctx.db.execute(
        `update app_user set account_id = null, company_role = null, order_limit = null, monthly_limit = null,
           updated_at = now() where id = ?`,
        [userId],
        'run',
      );
      memberChanged(ctx, accountId, userId, 'removed');
      const waiting = await ctx.db.execute<{ id: string }[]>(
        `select o.id from customer_order o join company_approval a on a.order_id = o.id
         where a.buyer_id = ? and a.account_id = ? and a.decision is null and o.status = ?
         order by o.id for update of o`,
        [userId, accountId, ORDER_STATUS_CODE.AwaitingApproval],
        'all',
      );
      await lockStockOfOrders(
        ctx,
        waiting.map((w) => w.id),
      );
      for (const { id } of waiting) {
        await changeOrderStatus(ctx, {
          orderId: id,
          from: ORDER_STATUS_CODE.AwaitingApproval,
          to: ORDER_STATUS_CODE.OrderCancelled,
          note: 'Cancelled: the buyer left the company before it was approved',
          notice: cancellationMail('left-company', { kind: 'none' }),
        });
        const card = await cancelApproval(ctx, id);
        if (card) held.push(card);
      }
      await recordAudit(ctx, {
        action: 'company.member-removed',
        targetType: 'user',
        targetId: userId,
        before: member(before),
        after: {},
      });
    });
    for (const card of held) await forgetHeldCard(ctx, card);
  },
};
