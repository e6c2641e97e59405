import { addressRules, COUNTRIES, type AddressRules, type Country } from './regions';
import { boolean, object, ref, string, type InferType } from 'yup';
import type { Locale } from './constants';
import { oneLine } from './text.schema';

/* Account forms (spec section 5), shared by the forms and the server. Messages are verbatim. */

/** US-style phone: optional +, optional parentheses around 3 digits, 3 digits, then 4 to 6 digits. */
export const PHONE_PATTERN = /^\+?(\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4,6}$/;

/** Shown under new-password fields (spec section 5, verbatim). */
export const PASSWORD_HINTS = [
  'be at least 8 characters long',
  'have at least 1 lowercase letter',
  'at least 1 uppercase letter',
  'at least 1 number',
  'at least 1 special character',
] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (hashing cost stays bounded). */
export const PASSWORD_MAX_LENGTH = 128;

const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9\s])\S+$/;

const newPassword = () =>
  string()
    .required('Please enter a password.')
    .min(PASSWORD_MIN_LENGTH, 'Your password must be at least 8 characters in length.')
    .max(PASSWORD_MAX_LENGTH, `Your password must be at most ${PASSWORD_MAX_LENGTH} characters in length.`)
    .matches(
      PASSWORD_RULE,
      'Your password must contain at least one letter, at least one number, and at least one special character.',
    );

const unpadded = (value: string | null | undefined) => value == null || value === value.trim();

export const noPadding = (label: string) =>
  string().test('no-padding', `${label} cannot include leading and trailing spaces`, unpadded);

const phone = () =>
  string()
    .nullable()
    .optional()
    .test('phone', 'Phone number is not valid.', (v) => !v || PHONE_PATTERN.test(v));

export const loginSchema = object({
  email: string()
    .trim()
    .required('Please enter your email address.')
    .email('Please enter your email address.'),
  password: string()
    .required('Please enter a password.')
    .max(PASSWORD_MAX_LENGTH, 'Please enter a password.'),
});
export type LoginInput = InferType<typeof loginSchema>;

/** Registration, step ACCOUNT. */
export const registrationAccountSchema = object({
  email: string()
    .trim()
    .required('Please enter your email address.')
    .email('Please enter your email address.')
    .max(254, 'Please enter your email address.'),
  firstName: string()
    .trim()
    .required('Please enter your first name.')
    .max(64, 'First name must be less than 64 characters.')
    .test(oneLine),
  lastName: string()
    .trim()
    .required('Please enter your last name.')
    .max(64, 'Last name must be less than 64 characters.')
    .test(oneLine),
  termsAccepted: boolean().oneOf([true], 'You must accept the terms.').required('You must accept the terms.'),
  erpAccountId: string().trim().max(64).nullable().optional().test(oneLine),
});
export type RegistrationAccountInput = InferType<typeof registrationAccountSchema>;

/** Registration, step PASSWORD (the token identifies the pending registration). */
export const registrationPasswordSchema = object({
  token: string().required('This registration link is not valid.').max(200),
  password: newPassword(),
  confirmPassword: string()
    .required('Please enter a password.')
    .oneOf([ref('password')], 'Passwords do not match'),
});

export const passwordChangeSchema = object({
  oldPassword: string()
    .required('Please enter a password.')
    .max(PASSWORD_MAX_LENGTH, 'Please enter a password.'),
  newPassword: newPassword(),
  confirmPassword: string()
    .required('Please enter a password.')
    .oneOf([ref('newPassword')], 'Passwords do not match'),
});

export const passwordResetSchema = object({
  token: string().required('This reset link is not valid.').max(200),
  newPassword: newPassword(),
  confirmPassword: string()
    .required('Please enter a password.')
    .oneOf([ref('newPassword')], 'Passwords do not match'),
});

export const forgotPasswordSchema = object({
  email: string()
    .trim()
    .required('Please enter your email address.')
    .email('Please enter your email address.'),
});

export const profileSchema = object({
  firstName: string()
    .required('Please enter your first name.')
    .max(64, 'First name must be less than 64 characters.')
    .test('no-padding', 'Name cannot include leading and trailing spaces', unpadded)
    .test(oneLine),
  lastName: string()
    .required('Please enter your last name.')
    .max(64, 'Last name must be less than 64 characters.')
    .test('no-padding', 'Name cannot include leading and trailing spaces', unpadded)
    .test(oneLine),
  phone: phone(),
});

/** An address's state or province, by its country's rules (spec section 3 for the US). */
export const regionField = (rules: AddressRules) =>
  string()
    .required(rules.regionRequired)
    .test('region', rules.regionRequired, (v) => !v || rules.isRegion(v.toUpperCase()));

/** An address's ZIP or postal code, by its country's rules, kept in the country's form ("K1A 0B1"). */
export const postalField = (rules: AddressRules) =>
  noPadding(rules.postalName)
    .transform((v: unknown) => (typeof v === 'string' ? rules.normalisePostal(v) : v))
    .required(rules.postalRequired)
    .test('postal', rules.postalFormat, (v) => !v || rules.postalFormatTest(v));

/**
 * An address's country (the US unless it says Canada) and the state or province and ZIP or postal code its rules
 * check (decision 033): for addresses that may be in either country (saved addresses, an order edited by staff).
 */
export const countryFields = () => ({
  country: string<Country>()
    .oneOf([...COUNTRIES], 'Choose a country')
    .default('US'),
  // The builder's schema replaces the base, which only gives the field its type.
  state: string()
    .required()
    .when('country', ([country]: unknown[]) => regionField(addressRules(country as string))),
  zip: string()
    .required()
    .when('country', ([country]: unknown[]) => postalField(addressRules(country as string))),
});

/**
 * A saved address (spec section 3). Its country (the US unless it says Canada) chooses the rules of its state
 * or province and ZIP or postal code; the site's address form sends the site's country (decision 033).
 */
export const addressSchema = object({
  id: string().uuid('Address not found').nullable().optional(),
  name: string().required('Name is a required field').max(100).test(oneLine),
  addressLine1: noPadding('Address').required('Address line 1 is a required field').max(200).test(oneLine),
  addressLine2: string().max(200).nullable().optional().test(oneLine),
  city: noPadding('City').required('City is a required field').max(100).test(oneLine),
  ...countryFields(),
  email: string().trim().required('E-mail is a required field').email('E-mail must be a valid email'),
  phone: phone(),
});
export type AddressInput = InferType<typeof addressSchema>;

/** The field message for a password that passes the rules but is easy to guess (checked by the server). */
export const PASSWORD_TOO_COMMON: Record<Locale, string> = {
  'en-US': 'This password is too common. Choose another one.',
  'fr-CA': 'Ce mot de passe est trop courant. Choisissez-en un autre.',
  'es-MX': 'Esta contraseña es demasiado común. Elija otra.',
};

/** Closing one's account: the current password again (the session alone is not enough). */
export const accountDeletionSchema = object({
  password: string().required('Please enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type AccountDeletionInput = InferType<typeof accountDeletionSchema>;

/** A saved address named by its id (delete, make primary). */
export const addressIdSchema = object({
  id: string().uuid('Address not found').required('Address not found'),
});
