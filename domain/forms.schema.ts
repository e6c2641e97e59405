import { array, boolean, number, object, string, type InferType } from 'yup';
import { PHONE_PATTERN } from './account.schema';
import { oneLine, plainText } from './text.schema';

/* The store's forms (spec section 5: contact form and quote form, messages verbatim; the service request is ours). */

export const REQUEST_TYPES = [
  'productQuestion',
  'orderStatus',
  'quote',
  'technicalSupport',
  'returns',
  'fabrication',
  'other',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

const unpadded = (v: string | undefined) => v === undefined || v === v.trim();
const name = (required: string) =>
  string()
    .required(required)
    .test('no-padding', 'Name cannot include leading and trailing spaces', unpadded)
    .max(64, 'Names are limited to 64 characters')
    .test(oneLine);
const email = () => string().trim().required('Email is required').email('Email must be valid').max(254);
const phone = () =>
  string()
    .nullable()
    .optional()
    .test('phone', 'Phone number is not valid', (v) => !v || PHONE_PATTERN.test(v));

/** Which optional contact fields the store requires (the spec's validation switches). */
export interface ContactValidation {
  state: boolean;
  city: boolean;
}

/** The store's switches: state is asked (it routes the request to the regional team), city is not. */
export const CONTACT_VALIDATION: ContactValidation = { state: true, city: false };

/** Contact form: firstName, lastName, email, state, city, phone, comments, requestTypes. */
export function contactSchema(validation: ContactValidation = CONTACT_VALIDATION) {
  return object({
    firstName: name('First Name is required'),
    lastName: name('Last Name is required'),
    email: email(),
    state: validation.state
      ? string().required('State is required').length(2, 'State is required').test(oneLine)
      : string().nullable().optional().test(oneLine),
    city: validation.city
      ? string().trim().required('City is required').max(100).test(oneLine)
      : string().trim().max(100).nullable().optional().test(oneLine),
    phone: phone(),
    comments: string()
      .required('A message is required')
      .test('not-blank', 'Your message cannot contain only blankspaces', (v) => !v || v.trim().length > 0)
      .max(5000, 'Messages are limited to 5,000 characters')
      .test(plainText),
    requestTypes: array(
      string()
        .oneOf([...REQUEST_TYPES], 'Choose a request type')
        .defined(),
    )
      .min(1, 'Choose at least one request type')
      .required('Choose at least one request type'),
  });
}
export type ContactInput = InferType<ReturnType<typeof contactSchema>>;

/** The most pieces the quote form asks a price for. */
export const MAX_QUOTE_FORM_QUANTITY = 100_000;
const QUOTE_QUANTITY = 'Enter a quantity from 1 to 100,000.';

/**
 * Quote form: item, firstName, lastName, email, phone, company, comments, and ours: the quantity (1 when not
 * given) and drawings (multipart `drawings`, as a service request's).
 */
export const quoteSchema = object({
  item: string().trim().required('Item is required').max(2000).test(plainText),
  quantity: number()
    .transform((v, raw) => (raw === '' || raw === null ? undefined : v))
    .typeError(QUOTE_QUANTITY)
    .integer(QUOTE_QUANTITY)
    .min(1, QUOTE_QUANTITY)
    .max(MAX_QUOTE_FORM_QUANTITY, QUOTE_QUANTITY)
    .optional(),
  firstName: string().trim().max(64).nullable().optional().test(oneLine),
  lastName: string().trim().max(64).nullable().optional().test(oneLine),
  email: email(),
  phone: phone(),
  company: string().trim().max(120).nullable().optional().test(oneLine),
  comments: string()
    .max(5000, 'Messages are limited to 5,000 characters')
    .nullable()
    .optional()
    .test(plainText),
});
export type QuoteInput = InferType<typeof quoteSchema>;

export const SERVICES = ['design', 'cutting-and-machining', 'assembly', 'linear-rail'] as const;

/** Service request (/services/service-request), with drawing attachments. */
export const serviceRequestSchema = object({
  firstName: name('First Name is required'),
  lastName: name('Last Name is required'),
  email: email(),
  phone: phone(),
  company: string().trim().max(120).nullable().optional().test(oneLine),
  service: string()
    .oneOf([...SERVICES], 'Choose a service')
    .required('Choose a service'),
  description: string()
    .required('Describe the work')
    .test('not-blank', 'Describe the work', (v) => !!v?.trim())
    .max(5000, 'Descriptions are limited to 5,000 characters')
    .test(plainText),
  ndaRequired: boolean().default(false),
});
export type ServiceRequestInput = InferType<typeof serviceRequestSchema>;

/** Drawings a service request may carry: PDF, DXF and STEP, at most 5 files of 10 MB. */
export const ATTACHMENT_LIMITS = { files: 5, bytes: 10 * 1024 * 1024 } as const;
export const ATTACHMENT_KINDS = {
  pdf: { extensions: ['.pdf'], contentType: 'application/pdf' },
  dxf: { extensions: ['.dxf'], contentType: 'image/vnd.dxf' },
  step: { extensions: ['.step', '.stp'], contentType: 'model/step' },
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_KINDS;

/**
 * The kind of a drawing from its name and its first bytes (never from the type the browser claims): PDF
 * starts with %PDF-, STEP with ISO-10303-21;, DXF is a text file whose first group is 0 SECTION (or binary
 * DXF's sentinel). Null: not accepted.
 */
export function attachmentKind(filename: string, head: Uint8Array): AttachmentKind | null {
  const lower = filename.toLowerCase();
  const text = new TextDecoder('latin1').decode(head.subarray(0, 64));
  const byExtension = (Object.keys(ATTACHMENT_KINDS) as AttachmentKind[]).find((k) =>
    ATTACHMENT_KINDS[k].extensions.some((e) => lower.endsWith(e)),
  );
  if (byExtension === 'pdf' && text.startsWith('%PDF-')) return 'pdf';
  if (byExtension === 'step' && text.trimStart().startsWith('ISO-10303-21;')) return 'step';
  if (
    byExtension === 'dxf' &&
    (/^\s*0\s*\r?\n\s*SECTION/.test(text) ||
      /^\s*999\r?\n/.test(text) ||
      text.startsWith('AutoCAD Binary DXF'))
  ) {
    return 'dxf';
  }
  return null;
}

export const ATTACHMENT_REFUSED =
  'Attach drawings as PDF, DXF or STEP files (at most 5 files of 10 MB each).';
