import { CSRF } from '@domain/constants';
import { getCsrfToken } from './csrf';

export interface FieldError {
  field: string;
  message: string;
}

/** An answer other than 2xx: the server's message and field errors (`error.fields`). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/** POSTs JSON (or a FormData) to the store with the CSRF header; the parsed body, or throws HttpError. */
export async function post<T>(path: string, body: object | FormData): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      ...(form ? {} : { 'content-type': 'application/json' }),
      [CSRF.header]: await getCsrfToken(),
    },
    body: form ? body : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as T & {
    error?: { message: string; fields?: FieldError[] };
  };
  if (!res.ok) throw new HttpError(json.error?.message ?? 'Request failed', res.status, json.error?.fields);
  return json;
}

/** Field errors of an HttpError, keyed by field (for Formik's setErrors). */
export function httpFieldErrors(err: unknown): Record<string, string> {
  const fields = err instanceof HttpError ? err.fields : [];
  return Object.fromEntries(fields.map((f) => [f.field, f.message]));
}
