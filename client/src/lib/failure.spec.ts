import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { errorMessage, failureOf, formFailure } from './failure';
import { HttpError } from './http';

describe('failureOf: one reading of a failed call (issue 29, item 7)', () => {
  it('reads a GraphQL answer through Apollo: code, message, the first message of each field', () => {
    const err = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'Zip code must be 5 digits',
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: [
              { field: 'address.zip', message: 'Zip code must be 5 digits' },
              { field: 'address.zip', message: 'a second message for the same field' },
              { field: 'email', message: 'Email must be valid' },
            ],
          },
        },
      ],
    });
    expect(failureOf(err)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Zip code must be 5 digits',
      fields: { 'address.zip': 'Zip code must be 5 digits', email: 'Email must be valid' },
    });
    expect(formFailure(err, 'Could not save')).toEqual({ fields: failureOf(err).fields, message: null });
  });

  it('reads a REST answer the same way', () => {
    const err = new HttpError('This order was changed by someone else', 409, [], 'CONFLICT');
    expect(failureOf(err)).toEqual({
      code: 'CONFLICT',
      message: 'This order was changed by someone else',
      fields: {},
    });
    expect(formFailure(err, 'Could not save')).toEqual({
      fields: {},
      message: 'This order was changed by someone else',
    });
  });

  it('falls back for a network failure or an answer without a sentence', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ code: null, message: null, fields: {} });
    expect(errorMessage(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
    expect(errorMessage(new HttpError('', 500), 'Try again')).toBe('Try again');
  });
});
