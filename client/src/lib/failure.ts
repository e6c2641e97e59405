import { HttpError, type FieldError } from './http';

/** A failed call as the store's pages use it: its code, its message, and its field messages by field. */
export interface Failure {
  /** The server's code (BAD_USER_INPUT, CONFLICT, FORBIDDEN…: decision 036), or null (network, unknown). */
  code: string | null;
  /** The server's sentence, or null when it sent none. */
  message: string | null;
  /** Field messages keyed by field (`lines[0].price`), the first for each field. */
  fields: Record<string, string>;
}

interface GraphQLFailure {
  errors?: { message?: string; extensions?: { code?: unknown; fields?: FieldError[] } }[];
}

const byField = (fields: readonly FieldError[] = []) => {
  const out: Record<string, string> = {};
  for (const f of fields) out[f.field] ??= f.message;
  return out;
};

/**
 * The one reading of a failure, whichever way the call went: GraphQL (`extensions.code` and `fields` of the first
 * error, through Apollo) or REST (`{ error: { code, message, fields } }`, through lib/http.ts). Pages never cast an
 * error to find these.
 */
export function failureOf(err: unknown): Failure {
  if (err instanceof HttpError)
    return { code: err.code, message: err.message || null, fields: byField(err.fields) };
  const first = (err as GraphQLFailure | null)?.errors?.[0];
  if (first) {
    const code = first.extensions?.code;
    return {
      code: typeof code === 'string' ? code : null,
      message: first.message ?? null,
      fields: byField(first.extensions?.fields),
    };
  }
  return { code: null, message: null, fields: {} };
}

/** The failure's sentence, or `fallback` (a network failure, an answer without one). */
export function errorMessage(err: unknown, fallback: string): string {
  return failureOf(err).message ?? fallback;
}

/**
 * A failed call as a form shows it: its field messages next to their fields, and one message above the form only
 * when no field has one (so an error is shown once).
 */
export function formFailure(
  err: unknown,
  fallback: string,
): { fields: Record<string, string>; message: string | null } {
  const { fields, message } = failureOf(err);
  return { fields, message: Object.keys(fields).length ? null : (message ?? fallback) };
}
