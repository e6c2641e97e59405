/**
 * Business constants from the specification (section 9 and section 7), verbatim.
 * Imported by the server and the client alike: write each rule once, here.
 */

/** Product and site identity (shared/spec/brand.md). */
export const BRAND = {
  name: 'Axisline Supply',
  shortName: 'Axisline',
  siteId: 'axl',
  address: {
    company: 'Axisline Supply',
    street: '1200 Industrial Park Drive',
    city: 'Mooresville',
    state: 'NC',
    zip: '28115',
    country: 'USA',
  },
  phones: {
    tollFree: '1-800-555-0142',
    local: '+1 704-555-0186',
  },
  email: {
    help: 'help@axisline.example',
    orders: 'orders@axisline.example',
  },
  privacyPolicyUrl: 'https://www.axisline.example/privacy',
} as const;

export const DEFAULT_CURRENCY = 'usd';

/** Locales: en-US is the default; fr-CA and es-MX ship complete catalogues. */
export const LOCALES = ['en-US', 'fr-CA', 'es-MX'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_COOKIE = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** CSRF (spec section 7 and 9). */
export const CSRF = {
  cookieName: 'clientCsrfToken',
  bodyField: 'csrf_token',
  header: 'x-csrf-token',
  readinessWaitMs: 15_000,
  readinessPollMs: 100,
  retries: 3,
  retryDelayMs: 1_000,
  /** The code of the beacon log sent to POST /api/auth/_log when the token cannot be fetched. */
  fetchFailedCode: 'CSRF_FETCH_FAILED',
} as const;

/** The auth session client's base path (spec section 7: session, csrf, providers, sign-in, sign-out, _log). */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The error catalogue's texts (spec section 8), verbatim: the message of an error the client raises, or the line
 * it logs (on the console and as a beacon to POST /api/auth/_log).
 */
export const ERROR_TEXTS = {
  /** CSRF token missing in response: the error. */
  csrfTokenNotFound: 'CSRF token not found in response',
  /** Address save returns no user: the error. */
  emptyResponseData: 'Empty response data',
  /** Change-password response empty: the error. */
  passwordUpdateIssue: 'Issue updating password',
  /** User fetch status above 299: logged; the user is not loaded. */
  userFetchFailed: 'Failed to fetch user data',
  /** Exception during session initialisation: logged. */
  sessionInitFailed: 'Failed to initialize user session',
  /** Auth client fetch failure: logged; null returned. */
  clientFetchError: 'client fetch error',
  /** Session error: logged. */
  clientSessionError: 'CLIENT_SESSION_ERROR',
} as const;

/** Persisted client state (spec section 3 and 9). */
export const PERSIST_TIMEOUT_MS = 5_000;
export const PERSISTED_SLICES = ['savedlists', 'user', 'cart', 'returns'] as const;

/** Visitor id cookie: random UUID per browser, 30 days, path /. */
export const VISITOR_ID_COOKIE = 'visitorId';
export const VISITOR_ID_MAX_AGE_SECONDS = 2_592_000;
export const SEARCH_USER_ID_COOKIE = 'searchUserId';
/** Set with the shop's HTML: the host's site as JSON (the `site` query's answer), read before the first paint. */
export const STOREFRONT_COOKIE = 'storefront';

/** Search box (spec section 4 and 9). */
export const SEARCH = {
  placeholder: 'What can we help you find?',
  typeaheadDebounceMs: 200,
  clearSuggestionsAfterSubmitMs: 800,
  maxBrands: 12,
  collapsedBrands: 2,
  suggestionImageSize: 90,
  suggestionImageQuality: 100,
  /** Words that promote the fixed ball-screw category in suggestions. */
  ballScrewTriggers: ['ball', 'screw', 'ballscrew', 'ball screw'],
  ballScrewCategoryHandle: 'motion-control/ballscrews-accessories/precision-rolled-ball-screws',
} as const;

/** Route progress bar. */
export const PROGRESS_BAR = { minimum: 0.08, speedMs: 200, trickleMs: 800 } as const;
export const LINK_PREFETCH_MARGIN_PX = 200;

/** Toasts. */
export const TOASTS = {
  autoCloseMs: 5_000,
  position: 'top-right',
  draggablePercent: 80,
  hotkey: { altKey: true, code: 'KeyT' },
} as const;

/** Call-to-action image. */
export const CTA_IMAGE = { width: 720, height: 480 } as const;

/** HTTP client default timeout: 0 means none. */
export const HTTP_TIMEOUT_MS = 0;

/** Password and names. */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 64;

/** Breakpoints in px. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export const BUTTON_VARIANTS = [
  'primary',
  'secondary',
  'tertiary',
  'link',
  'outline-primary',
  'outline-secondary',
  'outline-tertiary',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/** Placeholder product image. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

/** A constant 30 is exported by the original product; its meaning is not shown (spec section 3). */
export const UNEXPLAINED_CONSTANT_30 = 30;

/** Site identifiers: the store's own acronym first (it is the default). */
export const SITE_IDS = ['axl', 'foodgrade', 'mai', 'aos', 'miv2', 'pay-us', 'pay-ca'] as const;
export type SiteId = (typeof SITE_IDS)[number];
export const DEFAULT_SITE_ID: SiteId = 'axl';

export const PRODUCT_MEASURE_KINDS = ['length', 'area', 'variants'] as const;
export type ProductMeasureKind = (typeof PRODUCT_MEASURE_KINDS)[number];
export const PRODUCT_DISPLAY_KINDS = ['regular', 'select'] as const;
export type ProductDisplayKind = (typeof PRODUCT_DISPLAY_KINDS)[number];

export const SERVICE_AREAS = [
  'auth',
  'user',
  'product',
  'supplier',
  'payment',
  'order',
  'notification',
] as const;
export const ENVIRONMENTS = ['staging', 'development', 'production', 'local', 'test'] as const;
export const LOCATION_KINDS = ['city', 'state', 'county', 'country', 'other'] as const;

/** What a text field with a NUL character (never typed, only pasted or forged) is told. */
export const NUL_CHARACTER_MESSAGE = 'Remove the invalid character (NUL) from this field.';
/** What an address whose %-escapes do not decode is told. */
export const MALFORMED_ADDRESS_MESSAGE = 'This address is not valid: it has a malformed %-escape.';

/**
 * Words no page, message or e-mail of the store may show in any locale: the store is never "being built" (the
 * message catalogues' and the domain messages' tests read them all).
 */
export const UNFINISHED_WORDING =
  /being built|coming soon|under construction|lorem ipsum|en construction|bientôt|en construcción|próximamente/i;

/** The store's own time zone (Mooresville, NC): the dashboard's days are its days. */
export const STORE_TIME_ZONE = 'America/New_York';

/** A day of the store's calendar (America/New_York), as YYYY-MM-DD. */
export function storeDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: STORE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const storeClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the store's clock reads it, "YYYY-MM-DDTHH:mm" (a datetime-local field's value). */
export function storeLocalTime(at: Date | string): string {
  const parts = Object.fromEntries(storeClock.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant the store's clock shows `local` ("YYYY-MM-DDTHH:mm", summer time included), as ISO 8601; null for
 * text that is no such time. A time skipped by the clock change reads as the hour after.
 */
export function storeInstant(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(wall)) return null;
  const offset = (t: number) => Date.parse(`${storeLocalTime(new Date(t))}:00Z`) - t;
  const first = wall - offset(wall);
  return new Date(wall - offset(first)).toISOString();
}
