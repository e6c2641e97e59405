/**
 * The shop's form kit (issue 29, item 6): Formik fields with their label, message and ARIA wiring, the form's
 * message and submit, password and address parts. Every shop form uses it; failures of the server come through
 * lib/failure.ts. The console keeps antd's fields and the same failure reading.
 */
export * from './Field';
export * from './FormParts';
export * from './AddressFields';
export * from './address';
export * from './useFormSubmit';
