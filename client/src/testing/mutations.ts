import { jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';

type Answer = ReturnType<Extract<MockedResponse['result'], (...args: never[]) => unknown>>;

/**
 * A mutation's mock for MockedProvider that answers any variables with `answer()` and records them in `sent`, so a
 * spec says what was sent in one expectation (and that nothing was, when a form refused first).
 */
export function recordedMutation(query: MockedResponse['request']['query'], answer: () => unknown) {
  const sent = jest.fn<(variables: Record<string, unknown>) => void>();
  const mock: MockedResponse = {
    request: { query, variables: () => true },
    result: (variables) => {
      sent(variables);
      return answer() as Answer;
    },
  };
  return { mock, sent };
}

/** The server's refusal as GraphQL sends it: its code, its sentence and, for a form, its field messages. */
export const refusal =
  (code: string, message: string, fields?: { field: string; message: string }[]) => () => ({
    errors: [new GraphQLError(message, { extensions: { code, ...(fields && { fields }) } })],
  });
