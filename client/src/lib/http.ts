import { withCsrfToken } from './csrf';

export interface FieldError {
  field: string;
  message: string;
}

/** An answer other than 2xx: the server's code, message and field errors (`error.fields`). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: FieldError[] = [],
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/**
 * POSTs JSON (or a FormData) to the store with the CSRF token as `csrf_token` in the body (spec section 7); the
 * parsed body, or throws HttpError.
 */
export async function post<T>(path: string, body: object | FormData): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: form ? {} : { 'content-type': 'application/json' },
    body: form
      ? await withCsrfToken(body)
      : JSON.stringify(await withCsrfToken(body as Record<string, unknown>)),
  });
  const json = (await res.json().catch(() => ({}))) as T & {
    error?: { code?: string; message: string; fields?: FieldError[] };
  };
  if (!res.ok) {
    throw new HttpError(json.error?.message ?? '', res.status, json.error?.fields, json.error?.code ?? null);
  }
  return json;
}
