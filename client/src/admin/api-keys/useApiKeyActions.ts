import { useMutation } from '@apollo/client/react';
import {
  CreateApiKeyDocument,
  type CreateApiKeyMutationVariables,
  RevokeApiKeyDocument,
} from './api-keys.generated';

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
