import { useMutation } from '@apollo/client/react';
import { ERROR_TEXTS } from '@domain/constants';
import {
  ChangePasswordDocument,
  CompleteRegistrationDocument,
  DeleteAddressDocument,
  DeleteMyAccountDocument,
  ForgotPasswordDocument,
  MakePrimaryAddressDocument,
  ResetPasswordDocument,
  SaveAddressDocument,
  StartRegistrationDocument,
  UpdateProfileDocument,
  type ChangePasswordMutationVariables,
  type SaveAddressMutationVariables,
} from './graphql/account.generated';
import { MeDocument, type UserFieldsFragment } from './graphql/session.generated';

/*
 * What a visitor or a signed-in user does to their account, each with what it refreshes (issue 29, item 9): the
 * account pages call these and hold no mutation of their own.
 */

/*
 * Sign-in goes through the auth session client (authClient.ts), then the session's initialisation
 * (session.ts: initializeUserSession) loads the user and the cart.
 */

/**
 * Registration, step ACCOUNT (the e-mailed link) and step PASSWORD (signed in: the page then runs the session's
 * initialisation, as sign-in does).
 */
export const useStartRegistration = () => useMutation(StartRegistrationDocument);
export const useCompleteRegistration = () =>
  useMutation(CompleteRegistrationDocument, {
    update: (cache, { data }) =>
      data && cache.writeQuery({ query: MeDocument, data: { me: data.completeRegistration } }),
  });

/** Forgot and reset password (the e-mailed link). */
export const useForgotPassword = () => useMutation(ForgotPasswordDocument);
export const useResetPassword = () => useMutation(ResetPasswordDocument);

/** The account page's sections: profile, addresses, password, closing the account. */
export function useAccountActions() {
  const [updateProfile] = useMutation(UpdateProfileDocument);
  const [saveAddressMutation] = useMutation(SaveAddressDocument);
  const [deleteAddress] = useMutation(DeleteAddressDocument);
  const [makePrimaryAddress] = useMutation(MakePrimaryAddressDocument);
  const [changePasswordMutation] = useMutation(ChangePasswordDocument);
  const [closeAccount] = useMutation(DeleteMyAccountDocument);
  /** Saves an address (update with an id, create without): the answer must hold the user (spec sections 7, 8). */
  const saveAddress = async (input: SaveAddressMutationVariables['input']): Promise<UserFieldsFragment> => {
    const { data } = await saveAddressMutation({ variables: { input } });
    if (!data?.saveAddress) throw new Error(ERROR_TEXTS.emptyResponseData);
    return data.saveAddress;
  };
  /** Changes the password: an empty answer is a failure (spec section 8). */
  const changePassword = async (variables: ChangePasswordMutationVariables): Promise<void> => {
    const { data } = await changePasswordMutation({ variables });
    if (!data?.changePassword) throw new Error(ERROR_TEXTS.passwordUpdateIssue);
  };
  return { updateProfile, saveAddress, deleteAddress, makePrimaryAddress, changePassword, closeAccount };
}
