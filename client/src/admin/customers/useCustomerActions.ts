import { useMutation } from '@apollo/client/react';
import {
  ResetAllPasswordsDocument,
  SetCompanyMemberRoleDocument,
  SetUserCompanyDocument,
  SetUserLockedDocument,
  SetUserRoleDocument,
} from './customers.generated';

/** Customers: role, lock, the ERP account and company, and the reset of every password. */
export function useCustomerActions() {
  const [role] = useMutation(SetUserRoleDocument);
  const [lock] = useMutation(SetUserLockedDocument);
  const [company, companyCall] = useMutation(SetUserCompanyDocument);
  const [resetAll, resetCall] = useMutation(ResetAllPasswordsDocument);
  // The new admin's row in Customers shows their new role.
  const [memberRole] = useMutation(SetCompanyMemberRoleDocument, { refetchQueries: ['AdminUsers'] });
  return {
    setMemberRole: (companyId: string, userId: string, to: string) =>
      memberRole({ variables: { companyId, userId, role: to } }),
    setRole: (userId: string, to: number) => role({ variables: { userId, role: to } }),
    setLocked: (userId: string, locked: boolean) => lock({ variables: { userId, locked } }),
    setCompany: (userId: string, erpAccountId: string | null, name: string | null) =>
      company({ variables: { userId, erpAccountId, company: name } }),
    resetAllPasswords: () => resetAll(),
    savingCompany: companyCall.loading,
    resetting: resetCall.loading,
  };
}
