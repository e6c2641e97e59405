import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { companyRoleName } from '../../../../domain/company';
import type { Ctx as RequestCtx } from '../../context';
import { companiesAdminService, type CompanyRecord } from './companies-admin.service';
import {
  AdminCompanyGql,
  AdminCompanySummaryGql,
  CompanyRecordInputGql,
  PriceListSummaryGql,
  TermsPaymentInputGql,
} from './company.types';

const companyGql = (c: CompanyRecord): AdminCompanyGql => ({
  ...c,
  people: c.people.map((p) => ({ ...p, role: companyRoleName(p.role) ?? null })),
});

/** The console's companies (decision 046): records, terms invoices and their payments, credit decisions. */
@Resolver(() => AdminCompanyGql)
export class CompaniesAdminResolver {
  @Authorized(...CONSOLE_ACCESS.companies)
  @Query(() => [AdminCompanySummaryGql], {
    description:
      'Companies by name or ERP number; those with credit decisions waiting or overdue invoices first',
  })
  adminCompanies(@Arg('q', () => String, { nullable: true }) q: string | null, @Ctx() ctx: RequestCtx) {
    return companiesAdminService.list(ctx, q ?? '');
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Query(() => [PriceListSummaryGql], { description: 'The customer price lists a company may buy at' })
  adminPriceLists(@Ctx() ctx: RequestCtx) {
    return companiesAdminService.priceLists(ctx);
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Query(() => AdminCompanyGql, {
    description: 'A company: its record, people, terms invoices and credit holds',
  })
  async adminCompany(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return companyGql(await companiesAdminService.get(ctx, id));
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => AdminCompanyGql, { description: 'Makes a company (no id) or changes its record (audited)' })
  async saveAdminCompany(
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('input', () => CompanyRecordInputGql) input: CompanyRecordInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyGql(await companiesAdminService.save(ctx, id, { ...input }));
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => AdminCompanyGql, {
    description:
      "Sets a member's company role (audited); the company keeps an admin who can sign in (CONFLICT otherwise)",
  })
  async setCompanyMemberRole(
    @Arg('companyId', () => ID) companyId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => String, { description: 'Admin, Approver, Buyer or Viewer' }) role: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyGql(await companiesAdminService.setMemberRole(ctx, companyId, { userId, role }));
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => AdminCompanyGql, {
    description: "Sets a company location's ERP ship-to id ('' for none); audited",
  })
  async setLocationErpShipTo(
    @Arg('locationId', () => ID) locationId: string,
    @Arg('erpShipToId', () => String) erpShipToId: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyGql(await companiesAdminService.setLocationErpShipTo(ctx, { locationId, erpShipToId }));
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => AdminCompanyGql, {
    description: 'Records a payment against a terms invoice (paid in full: the invoice is paid)',
  })
  async recordTermsPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('input', () => TermsPaymentInputGql) input: TermsPaymentInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyGql(await companiesAdminService.recordPayment(ctx, orderId, { ...input }));
  }

  @Authorized(...CONSOLE_ACCESS.companies)
  @Mutation(() => AdminCompanyGql, {
    description:
      "Approves a purchase order over its company's credit limit (it proceeds, or goes to the company's approvers) or rejects it with a note",
  })
  async decideCompanyCredit(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('approve', () => Boolean) approve: boolean,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return companyGql(
      await companiesAdminService.decideCredit(ctx, orderId, { approve, note: note ?? undefined }),
    );
  }
}
