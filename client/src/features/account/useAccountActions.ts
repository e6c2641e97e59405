import { useMutation } from '@apollo/client/react';
import {
  ChangePasswordDocument,
  CompleteRegistrationDocument,
  DeleteAddressDocument,
  DeleteMyAccountDocument,
  ForgotPasswordDocument,
  MakePrimaryAddressDocument,
  ResetPasswordDocument,
  SaveAddressDocument,
  SignInDocument,
  StartRegistrationDocument,
  UpdateProfileDocument,
} from './graphql/account.generated';
import { MeDocument } from './graphql/session.generated';

/*
 * What a visitor or a signed-in user does to their account, each with what it refreshes (issue 29, item 9): the
 * account pages call these and hold no mutation of their own.
 */

/** Sign in: the session's user is written to the cache, and the cart (the anonymous one merged in) fetched. */
export const useSignIn = () =>
  useMutation(SignInDocument, {
    update: (cache, { data }) => data && cache.writeQuery({ query: MeDocument, data: { me: data.signIn } }),
    refetchQueries: ['Cart'],
  });

/** Registration, step ACCOUNT (the e-mailed link) and step PASSWORD (signed in, as sign-in does). */
export const useStartRegistration = () => useMutation(StartRegistrationDocument);
export const useCompleteRegistration = () =>
  useMutation(CompleteRegistrationDocument, {
    update: (cache, { data }) =>
      data && cache.writeQuery({ query: MeDocument, data: { me: data.completeRegistration } }),
    refetchQueries: ['Cart'],
  });

/** Forgot and reset password (the e-mailed link). */
export const useForgotPassword = () => useMutation(ForgotPasswordDocument);
export const useResetPassword = () => useMutation(ResetPasswordDocument);

/** The account page's sections: profile, addresses, password, closing the account. */
export function useAccountActions() {
  const [updateProfile] = useMutation(UpdateProfileDocument);
  const [saveAddress] = useMutation(SaveAddressDocument);
  const [deleteAddress] = useMutation(DeleteAddressDocument);
  const [makePrimaryAddress] = useMutation(MakePrimaryAddressDocument);
  const [changePassword] = useMutation(ChangePasswordDocument);
  const [closeAccount] = useMutation(DeleteMyAccountDocument);
  return { updateProfile, saveAddress, deleteAddress, makePrimaryAddress, changePassword, closeAccount };
}
