import { useMutation } from '@apollo/client/react';
import {
  AcceptCompanyInvitationDocument,
  AcceptMyCompanyInvitationDocument,
  DeleteCompanyAddressDocument,
  InviteCompanyMemberDocument,
  MyCompanyApplicationDocument,
  MyCompanyDocument,
  MyCompanyInvitationsDocument,
  RemoveCompanyMemberDocument,
  RevokeCompanyInvitationDocument,
  SaveCompanyAddressDocument,
  SetCompanyShipToLocationsOnlyDocument,
  UpdateCompanyMemberDocument,
  WithdrawCompanyApplicationDocument,
} from './graphql/company.generated';

/*
 * What a buyer does to their company on the company page (issue 54, item 2), each with what it refreshes: the
 * page's components call these and hold no mutation of their own. The approvals queue has its own
 * (useApprovalActions.ts), so each page's chunk carries only its own documents.
 */

/** A change to the company: the page reads it again, and waits for it, so it shows the change when it says so. */
const refetch = { refetchQueries: [MyCompanyDocument], awaitRefetchQueries: true };

/** An admin changes one member's role and limits, or removes them. */
export function useMemberActions() {
  const [update] = useMutation(UpdateCompanyMemberDocument, refetch);
  const [remove, removing] = useMutation(RemoveCompanyMemberDocument, refetch);
  return { update, remove, removing: removing.loading };
}

/** An admin invites someone by e-mail, or revokes an open invitation. */
export function useInvitationActions() {
  const [invite] = useMutation(InviteCompanyMemberDocument, refetch);
  const [revoke] = useMutation(RevokeCompanyInvitationDocument, refetch);
  return { invite, revoke };
}

/** A person without a company accepts an invitation to their own address: their company and invitations refresh. */
export const useAcceptMyInvitation = () =>
  useMutation(AcceptMyCompanyInvitationDocument, {
    refetchQueries: [MyCompanyDocument, MyCompanyInvitationsDocument],
    awaitRefetchQueries: true,
  });

/** The e-mailed invitation's link accepted (the page then goes to the company page, which reads it). */
export const useAcceptInvitation = () =>
  useMutation(AcceptCompanyInvitationDocument, { refetchQueries: [MyCompanyDocument] });

/** An admin adds, changes or removes a location, and chooses whether members ship only there. */
export function useLocationActions() {
  const [save] = useMutation(SaveCompanyAddressDocument, refetch);
  const [remove] = useMutation(DeleteCompanyAddressDocument, refetch);
  const [setOnly, { loading: settingOnly }] = useMutation(SetCompanyShipToLocationsOnlyDocument);
  return { save, remove, setOnly, settingOnly };
}

/** The applicant withdraws their pending application: it is read again before the panel changes. */
export const useWithdrawApplication = () =>
  useMutation(WithdrawCompanyApplicationDocument, {
    refetchQueries: [MyCompanyApplicationDocument],
    awaitRefetchQueries: true,
  });
