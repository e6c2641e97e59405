import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AddressInputGql } from '../account';
import { OrderListInputGql, OrderSummaryGql } from '../order';

@ObjectType('CompanyMember', {
  description: 'A member of a company: their role and spending limits (decision 043)',
})
export class CompanyMemberGql {
  @Field(() => ID) userId!: string;
  @Field(() => String) email!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String, { description: 'Admin, Approver, Buyer or Viewer' }) role!: string;
  @Field(() => Float, { nullable: true, description: 'The most one order may total; null: no limit' })
  orderLimit!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'The most a calendar month of orders may total; null: no limit',
  })
  monthlyLimit!: number | null;
}

@ObjectType('CompanyInvitation', { description: "An open invitation to join the caller's company" })
export class CompanyInvitationGql {
  @Field(() => ID) id!: string;
  @Field(() => String) email!: string;
  @Field(() => String) role!: string;
  @Field(() => Float, { nullable: true }) orderLimit!: number | null;
  @Field(() => Float, { nullable: true }) monthlyLimit!: number | null;
  @Field(() => String) expiresAt!: string;
}

@ObjectType('CompanyAddress', {
  description: "A company's location: an address its members ship to, or its bill-to address (decision 045)",
})
export class CompanyAddressGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "The location's name" }) label!: string;
  @Field(() => String, { description: 'The recipient' }) name!: string;
  @Field(() => String) addressLine1!: string;
  @Field(() => String) addressLine2!: string;
  @Field(() => String) city!: string;
  @Field(() => String) state!: string;
  @Field(() => String) zip!: string;
  @Field(() => String, { description: 'US or CA' }) country!: string;
  @Field(() => String) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => Boolean, { description: "The company's bill-to address, printed on its orders' invoices" })
  billTo!: boolean;
}

@InputType('CompanyAddressInput', { description: 'A location: an address with its name (no id: a new one)' })
export class CompanyAddressInputGql extends AddressInputGql {
  @Field(() => String) label!: string;
  @Field(() => Boolean, { nullable: true }) billTo?: boolean | null;
}

@ObjectType('Company', { description: "The caller's company (spec: accounts; decision 043)" })
export class CompanyGql {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) erpAccountId!: string | null;
  @Field(() => CompanyMemberGql, { description: "The caller's own membership" }) me!: CompanyMemberGql;
  @Field(() => [CompanyMemberGql], {
    description: "Every member for the company's admins; the caller alone otherwise",
  })
  members!: CompanyMemberGql[];
  @Field(() => [CompanyInvitationGql], { description: "Open invitations, for the company's admins" })
  invitations!: CompanyInvitationGql[];
  @Field(() => Float, {
    nullable: true,
    description:
      "What the caller placed for the company this calendar month (the store's time zone), not cancelled, on every site, in the company's currency; null when an order's currency has no exchange rate",
  })
  spentThisMonth!: number | null;
  @Field(() => String, { description: "The company's currency: its limits and spentThisMonth are in it" })
  currency!: string;
  @Field(() => Float, {
    nullable: true,
    description:
      "One unit of this site's currency in the company's currency (FX_RATES); 1 when they are the same, null when no rate is set",
  })
  exchangeRate!: number | null;
  @Field(() => Int, { description: "Orders waiting for the caller's approval (0 unless they approve)" })
  approvalsWaiting!: number;
  @Field(() => [CompanyAddressGql], { description: 'Its locations, the bill-to address first' })
  addresses!: CompanyAddressGql[];
  @Field(() => Boolean, { description: 'Its members ship only to its locations' })
  shipToLocationsOnly!: boolean;
}

@ObjectType('CompanyInvitationPreview', {
  description: "What an invitation's link offers, before it is accepted",
})
export class CompanyInvitationPreviewGql {
  @Field(() => String) company!: string;
  @Field(() => String) email!: string;
  @Field(() => String) role!: string;
  @Field(() => String) invitedBy!: string;
  @Field(() => String) expiresAt!: string;
}

@ObjectType('CompanyInvitationToMe', {
  description: "An open invitation to the signed-in person's own address, as their company page shows it",
})
export class CompanyInvitationToMeGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'The company, as its admin wrote its name' }) company!: string;
  @Field(() => String) role!: string;
  @Field(() => String, { description: 'Who invited, as they wrote their name' }) invitedBy!: string;
  @Field(() => String) expiresAt!: string;
}

@InputType('CompanyMemberInput')
export class CompanyMemberInputGql {
  @Field(() => String, { description: 'Admin, Approver, Buyer or Viewer' }) role!: string;
  @Field(() => Float, { nullable: true }) orderLimit?: number | null;
  @Field(() => Float, { nullable: true }) monthlyLimit?: number | null;
}

@InputType('CompanyInvitationInput')
export class CompanyInvitationInputGql extends CompanyMemberInputGql {
  @Field(() => String) email!: string;
}

@ObjectType('CompanyApprovalLine', { description: 'A line of an order waiting for approval' })
export class CompanyApprovalLineGql {
  @Field(() => String) itemId!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) manufacturerPartNumber!: string | null;
  @Field(() => Int) quantity!: number;
  @Field(() => Float) lineTotal!: number;
}

@ObjectType('CompanyApproval', {
  description:
    "An order of the caller's company over its buyer's spending limit, waiting for approval (decision 044)",
})
export class CompanyApprovalGql {
  @Field(() => ID) orderId!: string;
  @Field(() => String, { description: 'The number shown as AXL-<number>' }) orderNumber!: string;
  @Field(() => String) buyerName!: string;
  @Field(() => String) buyerEmail!: string;
  @Field(() => Float) total!: number;
  @Field(() => String) currencyCode!: string;
  @Field(() => String, { description: 'order (over the order limit) or month (over the monthly limit)' })
  reason!: string;
  @Field(() => Float, { description: 'The limit the order went over' }) spendingLimit!: number;
  @Field(() => String, { description: "The limit's currency: the company's (decision 052)" })
  limitCurrency!: string;
  @Field(() => String, { description: 'card or purchaseOrder' }) paymentKind!: string;
  @Field(() => String, { nullable: true }) poNumber!: string | null;
  @Field(() => String, { description: 'Name, city and state of the shipping address' }) shipTo!: string;
  @Field(() => String) requestedAt!: string;
  @Field(() => [CompanyApprovalLineGql]) lines!: CompanyApprovalLineGql[];
}

@ObjectType('OrderApproval', { description: "A company order's approval: why it waited, and the decision" })
export class OrderApprovalGql {
  @Field(() => String, {
    description:
      "order (over the order limit), month (over the monthly limit) or credit (a purchase order over the company's credit limit)",
  })
  reason!: string;
  @Field(() => Float, { description: 'The limit the order went over (the credit limit for credit)' })
  spendingLimit!: number;
  @Field(() => String, { description: "The limit's currency: the company's (decision 052)" })
  limitCurrency!: string;
  @Field(() => Boolean, {
    description:
      "Waiting for Axisline Supply's credit decision first (a purchase order over the credit limit)",
  })
  creditHold!: boolean;
  @Field(() => String, { nullable: true, description: 'approved, rejected, cancelled; null while it waits' })
  decision!: string | null;
  @Field(() => String, { nullable: true, description: 'Who decided' }) decidedBy!: string | null;
  @Field(() => String, { description: "The approver's note (empty when none)" }) note!: string;
  @Field(() => String, { nullable: true }) decidedAt!: string | null;
}

@ObjectType('CompanyOrder', { description: "An order of the caller's company, and who placed it" })
export class CompanyOrderGql extends OrderSummaryGql {
  @Field(() => ID, { nullable: true, description: 'Who placed it (null: an account since deleted)' })
  buyerId!: string | null;
  @Field(() => String) buyerName!: string;
}

@ObjectType('CompanyBuyer', { description: 'A member (or past member) who placed orders for the company' })
export class CompanyBuyerGql {
  @Field(() => ID) userId!: string;
  @Field(() => String) name!: string;
}

@ObjectType('CompanyOrderPage', { description: "A page of the company's orders, newest first" })
export class CompanyOrderPageGql {
  @Field(() => [CompanyOrderGql]) items!: CompanyOrderGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => [CompanyBuyerGql], { description: 'Who may be filtered by' }) buyers!: CompanyBuyerGql[];
}

@InputType('CompanyOrderListInput')
export class CompanyOrderListInputGql extends OrderListInputGql {
  @Field(() => ID, { nullable: true, description: "One buyer's orders; null: everyone's" })
  buyerId?: string | null;
}

/* ---------- The console's companies (decision 046) ---------- */

@ObjectType('AdminCompanySummary', { description: 'A company as the console lists it' })
export class AdminCompanySummaryGql {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) erpAccountId!: string | null;
  @Field(() => Boolean, { description: 'Its ERP account number was checked by staff' }) erpVerified!: boolean;
  @Field(() => Int, { nullable: true }) netTermsDays!: number | null;
  @Field(() => Float, { nullable: true }) creditLimit!: number | null;
  @Field(() => Boolean) taxExempt!: boolean;
  @Field(() => String, { nullable: true, description: 'The customer price list its members buy at' })
  priceListId!: string | null;
  @Field(() => Int) members!: number;
  @Field(() => Float, { description: 'Unpaid terms invoices and purchase orders waiting for approval' })
  openBalance!: number;
  @Field(() => Float) overdueBalance!: number;
  @Field(() => Int) overdueInvoices!: number;
  @Field(() => Int, { description: 'Purchase orders waiting for a credit decision' }) creditWaiting!: number;
}

@ObjectType('AdminCompanyPerson')
export class AdminCompanyPersonGql {
  @Field(() => ID) userId!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true, description: 'Admin, Approver, Buyer or Viewer' }) role!:
    string | null;
  @Field(() => Boolean, { description: 'They can sign in (not locked, not closed)' }) active!: boolean;
}

@ObjectType('TermsPayment', { description: 'A payment recorded against a terms invoice' })
export class TermsPaymentGql {
  @Field(() => Float) amount!: number;
  @Field(() => String, { description: 'YYYY-MM-DD' }) paidOn!: string;
  @Field(() => String) reference!: string;
  @Field(() => String, { nullable: true }) recordedBy!: string | null;
}

@ObjectType('TermsInvoice', {
  description: 'An order of the company paid by purchase order, and its payments',
})
export class TermsInvoiceGql {
  @Field(() => ID) orderId!: string;
  @Field(() => String) orderNumber!: string;
  @Field(() => String, { nullable: true }) poNumber!: string | null;
  @Field(() => String) currencyCode!: string;
  @Field(() => String) placedAt!: string;
  @Field(() => String, { description: 'YYYY-MM-DD: placed (store calendar) plus the net days' })
  dueOn!: string;
  @Field(() => Float) total!: number;
  @Field(() => Float) paid!: number;
  @Field(() => Float) balance!: number;
  @Field(() => Boolean) overdue!: boolean;
  @Field(() => Int) status!: number;
  @Field(() => String) statusLabel!: string;
  @Field(() => [TermsPaymentGql]) payments!: TermsPaymentGql[];
}

@ObjectType('CreditHold', {
  description: "A purchase order over its company's credit limit, waiting for staff",
})
export class CreditHoldGql {
  @Field(() => ID) orderId!: string;
  @Field(() => String) orderNumber!: string;
  @Field(() => String) buyerName!: string;
  @Field(() => Float) total!: number;
  @Field(() => String) currencyCode!: string;
  @Field(() => String, { nullable: true }) poNumber!: string | null;
  @Field(() => Float) creditLimit!: number;
  @Field(() => Float, { description: 'The open balance when it was placed' }) openBalance!: number;
  @Field(() => Boolean, {
    description: "Also over its buyer's spending limit: the company approves after staff",
  })
  alsoSpending!: boolean;
  @Field(() => String) requestedAt!: string;
}

@ObjectType('AdminCompanyLocation', {
  description: 'A company location as staff see it, with its ERP ship-to id (decision 071)',
})
export class AdminCompanyLocationGql {
  @Field(() => ID) id!: string;
  @Field(() => String) label!: string;
  @Field(() => String) addressLine1!: string;
  @Field(() => String) city!: string;
  @Field(() => String) state!: string;
  @Field(() => String) zip!: string;
  @Field(() => String) country!: string;
  @Field(() => Boolean) billTo!: boolean;
  @Field(() => String, { nullable: true, description: "The ERP's ship-to id of this location, or null" })
  erpShipToId!: string | null;
}

@ObjectType('AdminCompany', {
  description: 'A company as staff keep it: record, people, terms invoices, credit',
})
export class AdminCompanyGql extends AdminCompanySummaryGql {
  @Field(() => String, { nullable: true }) erpVerifiedAt!: string | null;
  @Field(() => String, { nullable: true }) erpVerifiedBy!: string | null;
  @Field(() => String) taxCertificate!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, the last day it applies' })
  taxCertificateExpires!: string | null;
  @Field(() => Boolean, { description: 'Exempt today (exempt, and the certificate not expired)' })
  taxExemptToday!: boolean;
  @Field(() => String) createdAt!: string;
  @Field(() => [AdminCompanyPersonGql]) people!: AdminCompanyPersonGql[];
  @Field(() => [TermsInvoiceGql], { description: 'Open invoices first (oldest due first), then paid ones' })
  invoices!: TermsInvoiceGql[];
  @Field(() => [CreditHoldGql]) creditHolds!: CreditHoldGql[];
  @Field(() => [AdminCompanyLocationGql], { description: 'Its locations, the bill-to first' })
  locations!: AdminCompanyLocationGql[];
}

@InputType('CompanyRecordInput', { description: "A company's record as staff keep it" })
export class CompanyRecordInputGql {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) erpAccountId?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'The ERP account number was checked against the ERP' })
  erpVerified?: boolean | null;
  @Field(() => Boolean, { nullable: true }) taxExempt?: boolean | null;
  @Field(() => String, { nullable: true }) taxCertificate?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) taxCertificateExpires?: string | null;
  @Field(() => Int, { nullable: true }) netTermsDays?: number | null;
  @Field(() => Float, { nullable: true }) creditLimit?: number | null;
  @Field(() => String, { nullable: true, description: 'One of adminPriceLists; empty: none' })
  priceListId?: string | null;
}

@ObjectType('PriceListSummary', { description: 'A customer price list a company may buy at' })
export class PriceListSummaryGql {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Products it prices' }) products!: number;
}

@InputType('TermsPaymentInput', { description: 'A payment received against a terms invoice' })
export class TermsPaymentInputGql {
  @Field(() => Float) amount!: number;
  @Field(() => String, { description: 'YYYY-MM-DD, not after today' }) paidOn!: string;
  @Field(() => String, { description: 'The cheque or transfer number' }) reference!: string;
}

@ObjectType('CompanyApplicant', { description: 'Who applied for a company account' })
export class CompanyApplicantGql {
  @Field(() => ID) userId!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true, description: 'The ERP number they gave when they registered' })
  erpAccountClaim!: string | null;
}

@ObjectType('CompanyApplication', {
  description: 'An application for a company account ("My company buys on account", decision 047)',
})
export class CompanyApplicationGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'pending, approved, declined or withdrawn' }) status!: string;
  @Field(() => String, { description: "The company's name" }) name!: string;
  @Field(() => String, { nullable: true }) erpAccountId!: string | null;
  @Field(() => String) taxCertificate!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) taxCertificateExpires!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The certificate file's name; staff download it from /api/admin/company-applications/{id}/certificate",
  })
  certificateFilename!: string | null;
  @Field(() => String, { description: "Staff's note (a declined application's reason)" }) note!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => String, { nullable: true }) decidedAt!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "Who decided (staff read the person's name; the applicant, the store's)",
  })
  decidedBy!: string | null;
  @Field(() => ID, { nullable: true, description: 'The company made on approval' }) companyId!: string | null;
  @Field(() => CompanyApplicantGql) applicant!: CompanyApplicantGql;
}
