import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { COMPANY_ORDERS, authorizedFor } from '../auth';
import { companyService, type CompanyInvitationView, type CompanyView } from './company.service';
import {
  CompanyAddressGql,
  CompanyAddressInputGql,
  CompanyGql,
  CompanyInvitationGql,
  CompanyInvitationInputGql,
  CompanyInvitationPreviewGql,
  CompanyInvitationToMeGql,
  CompanyMemberGql,
  CompanyMemberInputGql,
  CompanyApprovalGql,
  CompanyOrderListInputGql,
  CompanyOrderPageGql,
} from './company.types';
import { approvalService } from './approval.service';
import { companyAddressService } from './company-addresses';

const memberInput = (input: CompanyMemberInputGql) => ({
  role: input.role,
  orderLimit: input.orderLimit ?? null,
  monthlyLimit: input.monthlyLimit ?? null,
});

const invitationGql = (i: CompanyInvitationView): CompanyInvitationGql => ({
  ...i,
  expiresAt: new Date(i.expiresAt).toISOString(),
});

const companyGql = (c: CompanyView): CompanyGql => ({ ...c, invitations: c.invitations.map(invitationGql) });

/** Company buying: the caller's company, its members and invitations (decision 043). */
@Resolver(() => CompanyGql)
export class CompanyResolver {
  @Authorized(...authorizedFor(COMPANY_ORDERS))
  @Query(() => CompanyGql, { nullable: true, description: "The caller's company; null without one" })
  async myCompany(@Ctx() ctx: RequestCtx) {
    const company = await companyService.mine(ctx);
    return company && companyGql(company);
  }

  @Query(() => CompanyInvitationPreviewGql, {
    description: "What an invitation's link offers (NOT_FOUND once it is used or expired)",
  })
  async companyInvitation(@Arg('token', () => String) token: string, @Ctx() ctx: RequestCtx) {
    const preview = await companyService.preview(ctx, token);
    return { ...preview, expiresAt: new Date(preview.expiresAt).toISOString() };
  }

  @Authorized()
  @Query(() => [CompanyInvitationToMeGql], {
    description: "Open invitations to the signed-in person's own address (checked without the e-mail's link)",
  })
  async myCompanyInvitations(@Ctx() ctx: RequestCtx): Promise<CompanyInvitationToMeGql[]> {
    return (await companyService.invitationsToMe(ctx)).map(({ email: _email, ...i }) => ({
      ...i,
      expiresAt: new Date(i.expiresAt).toISOString(),
    }));
  }

  @Authorized()
  @Mutation(() => CompanyInvitationGql, { description: 'A company admin invites someone by e-mail' })
  async inviteCompanyMember(
    @Arg('input', () => CompanyInvitationInputGql) input: CompanyInvitationInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return invitationGql(await companyService.invite(ctx, { ...memberInput(input), email: input.email }));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'A company admin withdraws an open invitation' })
  async revokeCompanyInvitation(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    await companyService.revokeInvitation(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => CompanyGql, {
    description: 'The signed-in person joins the company that invited their address',
  })
  async acceptCompanyInvitation(@Arg('token', () => String) token: string, @Ctx() ctx: RequestCtx) {
    return companyGql(await companyService.accept(ctx, token));
  }

  @Authorized()
  @Mutation(() => CompanyGql, {
    description:
      'The signed-in person joins a company from their company page: an invitation to their own address',
  })
  async acceptMyCompanyInvitation(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return companyGql(await companyService.accept(ctx, { id }));
  }

  @Authorized()
  @Mutation(() => CompanyMemberGql, { description: "A company admin sets a member's role and limits" })
  updateCompanyMember(
    @Arg('userId', () => ID) userId: string,
    @Arg('input', () => CompanyMemberInputGql) input: CompanyMemberInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyService.updateMember(ctx, userId, memberInput(input));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'A company admin removes a member' })
  async removeCompanyMember(@Arg('userId', () => ID) userId: string, @Ctx() ctx: RequestCtx) {
    await companyService.removeMember(ctx, userId);
    return true;
  }

  @Authorized()
  @Mutation(() => CompanyAddressGql, {
    description: 'A company admin adds (no id) or changes a location; bill-to replaces the former bill-to',
  })
  saveCompanyAddress(
    @Arg('input', () => CompanyAddressInputGql) input: CompanyAddressInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyAddressService.save(ctx, { ...input, billTo: input.billTo ?? false });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'A company admin removes a location' })
  async deleteCompanyAddress(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    await companyAddressService.remove(ctx, { id });
    return true;
  }

  @Authorized()
  @Mutation(() => CompanyGql, {
    description: "A company admin chooses whether its members ship only to the company's locations",
  })
  async setCompanyShipToLocationsOnly(@Arg('only', () => Boolean) only: boolean, @Ctx() ctx: RequestCtx) {
    await companyAddressService.shipToLocationsOnly(ctx, only);
    return companyGql((await companyService.mine(ctx))!);
  }

  @Authorized(...authorizedFor(COMPANY_ORDERS))
  @Query(() => [CompanyApprovalGql], {
    description: "The company's orders waiting for approval, oldest first (its approvers and admins)",
  })
  companyApprovals(@Ctx() ctx: RequestCtx) {
    return approvalService.queue(ctx);
  }

  @Authorized(...authorizedFor(COMPANY_ORDERS))
  @Query(() => CompanyOrderPageGql, {
    description: "The company's orders, every member's or one buyer's (its admins, approvers and viewers)",
  })
  companyOrders(
    @Arg('filter', () => CompanyOrderListInputGql, { nullable: true })
    filter: CompanyOrderListInputGql | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyService.orders(
      ctx,
      Object.fromEntries(Object.entries(filter ?? {}).filter(([, v]) => v !== null && v !== undefined)),
    );
  }
}
