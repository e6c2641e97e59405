import { useMutation } from '@apollo/client/react';
import {
  SetSiteLegalDocument,
  type SetSiteLegalMutationVariables,
  SetSiteVisibilityDocument,
} from './sites.generated';

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
