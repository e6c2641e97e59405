import { useMutation } from '@apollo/client/react';
import {
  ApproveCompanyApplicationDocument,
  DecideCompanyCreditDocument,
  DeclineCompanyApplicationDocument,
  RecordTermsPaymentDocument,
  SaveAdminCompanyDocument,
  SetLocationErpShipToDocument,
} from './companies.generated';

/*
 * The console's companies and applications screens (issue 54, item 2): their views call these and hold no mutation
 * of their own. Each returns Apollo's mutation tuple; the view says how it went.
 */

/** A company's record saved, or an application approved into one: the lists they appear in are read again. */
export function useCompanyRecordActions() {
  const [save] = useMutation(SaveAdminCompanyDocument, { refetchQueries: ['AdminCompanies'] });
  const [approve] = useMutation(ApproveCompanyApplicationDocument, {
    refetchQueries: ['AdminCompanies', 'AdminCompanyApplications'],
  });
  return { save, approve };
}

/** An application declined with a note to the applicant: the applications waiting are read again. */
export const useDeclineApplication = () =>
  useMutation(DeclineCompanyApplicationDocument, { refetchQueries: ['AdminCompanyApplications'] });

/** A purchase order over the credit limit approved or rejected (the answer is the company, which the cache takes). */
export const useDecideCredit = () => useMutation(DecideCompanyCreditDocument);

/** A payment recorded against a terms invoice (the answer is the company, which the cache takes). */
export const useRecordTermsPayment = () => useMutation(RecordTermsPaymentDocument);

/** A location's ERP ship-to id saved (decision 071; the answer is the company, which the cache takes). */
export const useSetLocationErpShipTo = () => useMutation(SetLocationErpShipToDocument);
