import { useMutation } from '@apollo/client/react';
import { App } from 'antd';
import { useT } from '../i18n';
import { errorMessage } from '../lib/failure';
import {
  AdjustStockDocument,
  AdvanceReturnDocument,
  CreateApiKeyDocument,
  DecideReturnDocument,
  ResetAllPasswordsDocument,
  RevokeApiKeyDocument,
  SaveQuoteDraftDocument,
  SendQuoteDraftDocument,
  SetCompanyMemberRoleDocument,
  SetMaxOrderQuantityDocument,
  SetSiteLegalDocument,
  SetSiteVisibilityDocument,
  SetUserCompanyDocument,
  SetUserLockedDocument,
  SetUserRoleDocument,
  type CreateApiKeyMutationVariables,
  type SetSiteLegalMutationVariables,
} from './graphql/admin.generated';

/**
 * The console's mutations other than the order's (useOrderActions.ts), one hook per screen. Each returns the
 * mutation's promise: the screen says how it went (a toast through `useSavedNotice`, or a message in its dialog).
 */

/** Says "Saved" when `work` succeeds, else the server's message (or "could not be saved"). */
export function useSavedNotice() {
  const t = useT();
  const { message } = App.useApp();
  return (work: Promise<unknown>) =>
    void work.then(
      () => message.success(t('admin.saved')),
      (err: unknown) => message.error(errorMessage(err, t('admin.saveFailed'))),
    );
}

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

/** Returns: accept or reject (with a note to the customer), then follow the return to the refund. */
export function useReturnActions() {
  const refetch = { refetchQueries: ['ReturnQueue'] };
  const [decide] = useMutation(DecideReturnDocument, refetch);
  const [advance] = useMutation(AdvanceReturnDocument, refetch);
  return {
    decide: (id: string, decision: string, note: string | null) =>
      decide({ variables: { id, decision, note } }),
    advance: (id: string, status: number) => advance({ variables: { id, status } }),
  };
}

/** Partner API keys: issue one (its key is in the answer, shown once), revoke one. */
export function useApiKeyActions() {
  const refetch = { refetchQueries: ['ApiKeys'] };
  const [create, createCall] = useMutation(CreateApiKeyDocument, refetch);
  const [revoke] = useMutation(RevokeApiKeyDocument, refetch);
  return {
    create: async (values: CreateApiKeyMutationVariables) =>
      (await create({ variables: values })).data?.createApiKey.key ?? null,
    revoke: (id: string) => revoke({ variables: { id } }),
    creating: createCall.loading,
  };
}

/** Sites: whether a site shows the whole catalogue or only its listed products. */
export function useSiteActions() {
  const [visibility] = useMutation(SetSiteVisibilityDocument, { refetchQueries: ['AdminSites'] });
  // The footer reads the storefront's legal details: it is read again too.
  const [legal] = useMutation(SetSiteLegalDocument, { refetchQueries: ['AdminSites', 'Storefront'] });
  return {
    setLegal: (variables: SetSiteLegalMutationVariables) => legal({ variables }),
    setShowAllProducts: (id: string, showAllProducts: boolean) =>
      visibility({ variables: { id, showAllProducts } }),
  };
}

/** Quotes: a staff member's answer saved as a draft, and the draft sent by a Service or Admin user (decision 054). */
export function useQuoteDraftActions() {
  const refetch = { refetchQueries: ['AdminQuotes'] };
  const [saveDraft] = useMutation(SaveQuoteDraftDocument, refetch);
  const [sendDraft, sending] = useMutation(SendQuoteDraftDocument, refetch);
  return { saveDraft, sendDraft, sendingDraft: sending.loading };
}

/** Stock: a part's counts per warehouse, and its maximum per order (decision 063). */
export function useStockActions() {
  const refetch = { refetchQueries: ['AdminStock'] };
  const [adjust] = useMutation(AdjustStockDocument, refetch);
  const [setMaxOrderQuantity] = useMutation(SetMaxOrderQuantityDocument, refetch);
  return { adjust, setMaxOrderQuantity };
}
