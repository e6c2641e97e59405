import { object, string } from 'yup';
import { oneLine } from './text.schema';

/**
 * A site's legal identity (issue 51 item 7, decision 058): the company that sells on it, its postal address and the
 * copyright holder the footer names. Printed by the shop's footer, the invoice and the quote PDFs. Each is one line.
 */
export interface SiteLegal {
  legalName: string;
  postalAddress: string;
  copyrightHolder: string;
}

export const SITE_LEGAL_MAX = 160;

export const SITE_LEGAL_MESSAGES = {
  legalName: 'Enter the legal name of the company selling on this site.',
  postalAddress: 'Enter the postal address of the company, on one line.',
  copyrightHolder: 'Enter who holds the copyright of this site.',
  tooLong: `Use at most ${SITE_LEGAL_MAX} characters.`,
} as const;

const field = (required: string) =>
  string().trim().required(required).max(SITE_LEGAL_MAX, SITE_LEGAL_MESSAGES.tooLong).test(oneLine);

/** What Admin edits in Console → Sites, the same in the console's form and on the server. */
export const siteLegalSchema = object({
  legalName: field(SITE_LEGAL_MESSAGES.legalName),
  postalAddress: field(SITE_LEGAL_MESSAGES.postalAddress),
  copyrightHolder: field(SITE_LEGAL_MESSAGES.copyrightHolder),
});
