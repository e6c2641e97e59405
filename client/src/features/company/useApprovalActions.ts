import { useMutation } from '@apollo/client/react';
import {
  CompanyApprovalsDocument,
  DecideCompanyOrderDocument,
  MyCompanyDocument,
} from './graphql/company.generated';

/** What a decision refreshes: the queue, and the company (its count of orders waiting). */
const refetch = {
  refetchQueries: [CompanyApprovalsDocument, MyCompanyDocument],
  awaitRefetchQueries: true,
};

/**
 * An approver approves or rejects an order waiting for them (with a note to the buyer); the queue and the company
 * are read again, and waited for. A separate file from useCompanyActions.ts: the approvals page is its own chunk.
 */
export const useDecideOrder = () => useMutation(DecideCompanyOrderDocument, refetch);
