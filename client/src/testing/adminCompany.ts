import type { AdminCompanyFieldsFragment } from '../admin/companies/companies.generated';

/** A company as the console reads it (specs): Plant Works on net 30, nothing owed, changed by `over`. */
export const adminCompany = (id: string, over: Partial<AdminCompanyFieldsFragment> = {}) =>
  ({
    __typename: 'AdminCompany',
    id,
    name: 'Plant Works',
    erpAccountId: null,
    erpVerified: false,
    erpVerifiedAt: null,
    erpVerifiedBy: null,
    netTermsDays: 30,
    creditLimit: 10_000,
    priceListId: null,
    taxExempt: false,
    taxCertificate: '',
    taxCertificateExpires: null,
    taxExemptToday: false,
    members: 2,
    openBalance: 0,
    overdueBalance: 0,
    overdueInvoices: 0,
    creditWaiting: 0,
    createdAt: '2029-06-01T15:00:00.000Z',
    people: [],
    invoices: [],
    creditHolds: [],
    locations: [],
    ...over,
  }) as AdminCompanyFieldsFragment & { __typename: 'AdminCompany' };
