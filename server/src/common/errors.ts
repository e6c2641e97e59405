/** Error codes shared by GraphQL (extensions.code) and the REST facade (HTTP status). */
export const ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** A sensitive action needs a sign-in within the last few minutes. */
  REAUTHENTICATE: 401,
  FORBIDDEN: 403,
  CSRF_TOKEN_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The database cannot be reached for a moment (restarting, failing over): retry after `RETRY_AFTER_SECONDS`. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure with a code the client can act on. Anything else is answered as INTERNAL. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);

/** Seconds a client is asked to wait (`Retry-After`) before retrying a SERVICE_UNAVAILABLE answer. */
export const RETRY_AFTER_SECONDS = 2;

/** Driver and server codes of a database that is away: refused or dropped connections, a server shutting down. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (and the connection_exception class, below).
  '57P01',
  '57P02',
  '57P03',
]);
/**
 * PostgreSQL's connection_exception class (08000, 08001, 08003, 08004, 08006...). pgbouncer answers its own errors
 * with 08P01 of that class: "server login has been failing, try again later (server_login_retry)" while the server
 * is away, "server conn crashed?" when it went away mid-statement (the fleet spec saw 39 such requests answered 500
 * in one PostgreSQL restart behind it).
 */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|Timeout acquiring a connection|Client was closed|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether `err` (or what it wraps: the ORM's `previous`, a `cause`) says the database cannot be reached right now:
 * answered SERVICE_UNAVAILABLE (503, retryable), never INTERNAL (decision 051).
 */
export function databaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; previous?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || CONNECTION_EXCEPTION.test(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = (e.previous ?? e.cause) as typeof e;
  }
  return false;
}

/** What a request that met an unreachable database is answered. */
export const unavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The store is briefly unavailable. Try again in a moment.');
