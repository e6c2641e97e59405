import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import type { Ctx as RequestCtx } from '../../context';
import { companyApplicationService } from './company-applications';
import { CompanyApplicationGql, CompanyRecordInputGql } from './company.types';

/**
 * Company account applications (decision 047): the applicant reads and withdraws theirs (sending one carries a file:
 * POST /api/company/applications); staff list, approve and decline them.
 */
@Resolver(() => CompanyApplicationGql)
export class CompanyApplicationsResolver {
  @Authorized()
  @Query(() => CompanyApplicationGql, {
    nullable: true,
    description: "The caller's latest company account application; null without one",
  })
  myCompanyApplication(@Ctx() ctx: RequestCtx) {
    return companyApplicationService.mine(ctx);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Withdraws the caller's pending application" })
  async withdrawCompanyApplication(@Ctx() ctx: RequestCtx) {
    await companyApplicationService.withdraw(ctx);
    return true;
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Query(() => [CompanyApplicationGql], {
    description: 'Applications, pending first (oldest first); `status` keeps one status',
  })
  adminCompanyApplications(
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyApplicationService.list(ctx, status);
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Query(() => CompanyApplicationGql)
  adminCompanyApplication(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return companyApplicationService.get(ctx, id);
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => CompanyApplicationGql, {
    description:
      'Approves a pending application with the company record: the company is made, the applicant its admin',
  })
  approveCompanyApplication(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => CompanyRecordInputGql) input: CompanyRecordInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyApplicationService.approve(ctx, id, { ...input });
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => CompanyApplicationGql, { description: 'Declines a pending application with a note' })
  declineCompanyApplication(
    @Arg('id', () => ID) id: string,
    @Arg('note', () => String) note: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyApplicationService.decline(ctx, id, { note });
  }
}
