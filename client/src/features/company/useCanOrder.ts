import { useQuery } from '@apollo/client/react';
import { COMPANY_CAN, COMPANY_ROLES, type CompanyRoleName } from '@domain/company';
import { useSession } from '../account';
import { MyCompanyDocument } from './graphql/company.generated';

/**
 * Whether the signed-in shopper may place an order (issue 51, item 3): a company's Viewer may not
 * (`COMPANY_CAN.buy`, the rule the server applies at Place order). Null while the company's answer is awaited;
 * true for a guest or a shopper without a company.
 */
export function useCanOrder(): boolean | null {
  const { user, status } = useSession();
  const member = Boolean(user?.accounts.length);
  const { data, loading } = useQuery(MyCompanyDocument, { skip: !member, fetchPolicy: 'cache-and-network' });
  if (status === 'loading') return null;
  if (!member) return true;
  const company = data?.myCompany;
  if (!company) return loading ? null : true;
  return COMPANY_CAN.buy(COMPANY_ROLES[company.me.role as CompanyRoleName]);
}
