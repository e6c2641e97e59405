import { describe, expect, it } from '@jest/globals';
import { type ValidationError, type AnySchema } from 'yup';
import {
  addressSchema,
  passwordChangeSchema,
  PHONE_PATTERN,
  profileSchema,
  registrationAccountSchema,
} from './account.schema';

const errors = (schema: AnySchema, value: unknown): string[] => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as ValidationError).errors;
  }
};

describe('account form rules (spec section 5, messages verbatim)', () => {
  it('registration: names required and under 64, e-mail, terms', () => {
    expect(
      errors(registrationAccountSchema, { email: '', firstName: ' ', lastName: '', termsAccepted: false }),
    ).toEqual(
      expect.arrayContaining([
        'Please enter your email address.',
        'Please enter your first name.',
        'Please enter your last name.',
        'You must accept the terms.',
      ]),
    );
    expect(
      errors(registrationAccountSchema, {
        email: 'a@b.example',
        firstName: 'x'.repeat(65),
        lastName: 'Ng',
        termsAccepted: true,
      }),
    ).toEqual(['First name must be less than 64 characters.']);
    expect(
      registrationAccountSchema.validateSync({
        email: ' A@b.example ',
        firstName: ' Ada ',
        lastName: 'Ng',
        termsAccepted: true,
      }),
    ).toMatchObject({ email: 'A@b.example', firstName: 'Ada' });
  });

  it('password change: length, character classes, no whitespace, confirmation', () => {
    const base = { oldPassword: 'old', confirmPassword: 'Abcdef1!' };
    expect(errors(passwordChangeSchema, { ...base, newPassword: 'Ab1!' })).toContain(
      'Your password must be at least 8 characters in length.',
    );
    for (const weak of ['abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12', 'Abc def1!'])
      expect(errors(passwordChangeSchema, { ...base, newPassword: weak, confirmPassword: weak })).toEqual([
        'Your password must contain at least one letter, at least one number, and at least one special character.',
      ]);
    expect(errors(passwordChangeSchema, { ...base, newPassword: 'Abcdef1!x' })).toEqual([
      'Passwords do not match',
    ]);
    expect(
      errors(passwordChangeSchema, { oldPassword: '', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }),
    ).toEqual(['Please enter a password.']);
  });

  it('profile: names not padded, phone pattern', () => {
    expect(errors(profileSchema, { firstName: ' Ada', lastName: 'Ng', phone: '704-555-0186' })).toEqual([
      'Name cannot include leading and trailing spaces',
    ]);
    expect(errors(profileSchema, { firstName: 'Ada', lastName: 'Ng', phone: '555-01' })).toEqual([
      'Phone number is not valid.',
    ]);
    for (const ok of [
      '+1 (704) 555-0186'.replace('+1 ', '+'),
      '(704) 555-0186',
      '704.555.0186',
      '7045550186',
      '704 555 018612',
    ])
      expect(PHONE_PATTERN.test(ok)).toBe(true);
  });

  it('address: required fields, digits-only zip, no padding', () => {
    expect(errors(addressSchema, {})).toEqual(
      expect.arrayContaining([
        'Name is a required field',
        'Address line 1 is a required field',
        'City is a required field',
        'State is a required field',
        'Zip Code is a required field',
        'E-mail is a required field',
      ]),
    );
    const ok = {
      name: 'Dock 4',
      addressLine1: '1200 Industrial Park Dr',
      city: 'Mooresville',
      state: 'NC',
      zip: '28115',
      email: 'dock@b.example',
    };
    expect(errors(addressSchema, ok)).toEqual([]);
    expect(errors(addressSchema, { ...ok, zip: '28115-1234' })).toEqual(['Zip code must be only digits']);
    expect(errors(addressSchema, { ...ok, city: 'Mooresville ' })).toEqual([
      'City cannot include leading and trailing spaces',
    ]);
    expect(errors(addressSchema, { ...ok, addressLine1: ' 1200 Dr' })).toEqual([
      'Address cannot include leading and trailing spaces',
    ]);
  });
});
