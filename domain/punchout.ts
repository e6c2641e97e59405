import { array, boolean, object, string, type InferType } from 'yup';
import type { RoleName } from './roles';

/*
 * Punchout (issue 57, decision 072): buyers shop from inside their procurement system (cXML, SAP OCI). The rules
 * and messages the server and the shop share.
 */

/** Who keeps a company's punchout credential in the console (decision 010's matrix): Admin and Service. */
export const PUNCHOUT_ACCESS: readonly RoleName[] = ['Admin', 'Service'];

/** The most a punchout document may weigh (setup, order, OCI form): larger is refused before it is read. */
export const PUNCHOUT_MAX_BYTES = 1024 * 1024;

/** A StartPage URL is good once, for this long after the setup answered it. */
export const START_PAGE_MINUTES = 5;

/** A punchout session ends after this long without a request. */
export const PUNCHOUT_IDLE_HOURS = 2;

/**
 * Failed credentials allowed per address and identity (cXML From identity, OCI user name) in a window: past them
 * even the right secret waits for the next window (guessing a secret costs a window per few tries).
 */
export const PUNCHOUT_FAILURES = { max: 10, windowMs: 15 * 60 * 1000 } as const;

/** After a rotation the previous shared secret is still accepted this long. */
export const PREVIOUS_SECRET_DAYS = 7;

/** The shared secret's length (random base64url characters) rotation makes. */
export const SHARED_SECRET_BYTES = 24;

/** The cXML version the store writes (its DOCTYPE's system identifier). */
export const CXML_VERSION = '1.2.063';
export const CXML_DTD = `http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd`;

/** OCI: a description is cut to this many characters; the full text goes in LONGTEXT lines of this many. */
export const OCI_DESCRIPTION_CHARS = 40;
export const OCI_LONGTEXT_CHARS = 132;

export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number];

export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const;
export type PunchoutOperation = (typeof PUNCHOUT_OPERATIONS)[number];

export const PUNCHOUT_MESSAGE_KINDS = [
  'setup-request',
  'setup-response',
  'order-message',
  'oci-transfer',
  'order-request',
  'order-response',
  'status-update',
] as const;
export type PunchoutMessageKind = (typeof PUNCHOUT_MESSAGE_KINDS)[number];

export type PunchoutDirection = 'in' | 'out';

/** The environments a return URL is kept for (a BrowserFormPost or HOOK_URL must be one of them). */
export const PUNCHOUT_ENVIRONMENTS = ['production', 'test', 'development'] as const;
export type PunchoutEnvironment = (typeof PUNCHOUT_ENVIRONMENTS)[number];

/** The store's units of measure as UN/CEFACT codes (cXML UnitOfMeasure, OCI UNIT). */
const UNIT_CODES: Readonly<Record<string, string>> = {
  EA: 'EA',
  PK: 'PK',
  MM: 'MMT',
  M: 'MTR',
  SQM: 'MTK',
};

/** The UN/CEFACT code of a store unit (unknown units pass through upper-cased, EA when empty). */
export function unitCode(unit: string | null | undefined): string {
  const key = (unit ?? '').trim().toUpperCase();
  if (!key) return 'EA';
  return UNIT_CODES[key] ?? key;
}

/**
 * UNSPSC codes of the demo's categories, by handle prefix (the longest prefix wins): the seed writes them on
 * `category.unspsc`, the transfer reads them (a category without one takes its parent's).
 */
const UNSPSC_BY_HANDLE: Readonly<Record<string, string>> = {
  't-slot-extrusion': '30102200',
  't-slot-extrusion/end-caps-covers': '31162900',
  'linear-motion': '31171500',
  'linear-motion/linear-rails': '31171800',
  'linear-motion/linear-bearings': '31171504',
  'motion-control': '26101700',
  'motion-control/ballscrews-accessories': '31171900',
  'motion-control/stepper-motors': '26101600',
  'motion-control/stepper-drivers': '39121000',
  'motion-control/couplings': '26111700',
  bearings: '31171500',
  fasteners: '31161500',
  'fasteners/t-nuts': '31161700',
  'brackets-connectors': '31162400',
  'panels-enclosures': '30103600',
  'panels-enclosures/doors-hardware': '31162200',
};

/** The UNSPSC code of a category by its handle (the longest listed prefix), or null. */
export function unspscOfCategory(handle: string): string | null {
  let best: string | null = null;
  let length = -1;
  for (const [prefix, code] of Object.entries(UNSPSC_BY_HANDLE)) {
    if ((handle === prefix || handle.startsWith(`${prefix}/`)) && prefix.length > length) {
      best = code;
      length = prefix.length;
    }
  }
  return best;
}

/** Every listed prefix and its code (the migration's seed of existing categories). */
export const UNSPSC_PREFIXES: readonly (readonly [string, string])[] = Object.entries(UNSPSC_BY_HANDLE);

/**
 * Whether a return URL (BrowserFormPost, HOOK_URL) is one the credential allows: the same origin and path as one
 * kept (its query may differ: procurement systems add session parameters).
 */
export function returnUrlAllowed(url: string, allowed: readonly { url: string }[]): boolean {
  const given = parseHttpUrl(url);
  if (!given) return false;
  return allowed.some((a) => {
    const kept = parseHttpUrl(a.url);
    return !!kept && kept.origin === given.origin && kept.pathname === given.pathname;
  });
}

/** An http(s) URL, parsed, or null. */
export function parseHttpUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/** OCI's description: the first 40 characters; the full text split in 132-character LONGTEXT lines. */
export function ociDescription(text: string): { short: string; longText: string[] } {
  const clean = text.replace(/\s+/g, ' ').trim();
  const longText: string[] = [];
  for (let i = 0; i < clean.length; i += OCI_LONGTEXT_CHARS) {
    longText.push(clean.slice(i, i + OCI_LONGTEXT_CHARS));
  }
  return { short: clean.slice(0, OCI_DESCRIPTION_CHARS), longText };
}

/** What a buyer (or a procurement system, in a cXML Status) is told. English; fr-CA in PUNCHOUT_MESSAGES_FR. */
export const PUNCHOUT_MESSAGES = {
  badCredential: 'The punchout credential was not accepted.',
  disabled: 'Punchout is turned off for this company.',
  notXml: 'The request is not a cXML document.',
  entitiesRefused: 'The document may not declare a DTD subset or entities.',
  tooLarge: 'The request is too large.',
  missingField: 'The request is missing {field}.',
  returnUrlNotAllowed: 'The return URL is not one this company allows.',
  noUser: 'No acting user is set and the request names no e-mail.',
  userNotInCompany: 'The e-mail belongs to a user outside this company.',
  unknownOperation: 'The operation must be create, edit or inspect.',
  startExpired:
    'This punchout link has expired or was already used. Start again from your procurement system.',
  sessionEnded:
    'Your punchout session ended after 2 hours without activity. Return to your procurement system to start again.',
  notPunchout: 'This is not a punchout session.',
  readOnly: 'This cart was opened to inspect it: it cannot be changed.',
  unpricedLine: 'Every line needs a price before the cart is transferred: remove the lines without one.',
  noCheckout: 'In a punchout session your cart goes back to your procurement system: use Transfer cart.',
  tooManyFailures: 'Too many failed attempts with this credential. Try again in 15 minutes.',
} as const;

export type PunchoutMessage = keyof typeof PUNCHOUT_MESSAGES;

export const PUNCHOUT_MESSAGES_FR: Readonly<Record<PunchoutMessage, string>> = {
  badCredential: 'L’identifiant punchout n’a pas été accepté.',
  disabled: 'Le punchout est désactivé pour cette entreprise.',
  notXml: 'La requête n’est pas un document cXML.',
  entitiesRefused: 'Le document ne peut pas déclarer de DTD interne ni d’entités.',
  tooLarge: 'La requête est trop volumineuse.',
  missingField: 'Il manque {field} dans la requête.',
  returnUrlNotAllowed: 'L’adresse de retour n’est pas autorisée pour cette entreprise.',
  noUser: 'Aucun utilisateur n’est défini et la requête ne donne aucune adresse courriel.',
  userNotInCompany: 'L’adresse courriel appartient à un utilisateur d’une autre entreprise.',
  unknownOperation: 'L’opération doit être create, edit ou inspect.',
  startExpired:
    'Ce lien punchout a expiré ou a déjà servi. Recommencez depuis votre système d’approvisionnement.',
  sessionEnded:
    'Votre session punchout a pris fin après 2 heures d’inactivité. Retournez à votre système d’approvisionnement pour recommencer.',
  notPunchout: 'Ce n’est pas une session punchout.',
  readOnly: 'Ce panier est ouvert en consultation : il ne peut pas être modifié.',
  unpricedLine:
    'Chaque ligne doit avoir un prix avant le transfert du panier : retirez les lignes qui n’en ont pas.',
  tooManyFailures: 'Trop de tentatives échouées avec cet identifiant. Réessayez dans 15 minutes.',
  noCheckout:
    'Dans une session punchout, votre panier retourne à votre système d’approvisionnement : utilisez Transférer le panier.',
};

/** A message in the buyer's language (en-US unless fr-CA), `{field}` filled. */
export function punchoutMessage(key: PunchoutMessage, locale = 'en-US', field = ''): string {
  const text = locale === 'fr-CA' ? PUNCHOUT_MESSAGES_FR[key] : PUNCHOUT_MESSAGES[key];
  return text.replace('{field}', field);
}

const text = (max: number) => string().trim().max(max);

/** The console's punchout credential form (savePunchoutCredential). */
export const punchoutCredentialSchema = object({
  systemName: text(80).required('System name is a required field'),
  fromDomain: text(80).required('From domain is a required field'),
  fromIdentity: text(200).required('From identity is a required field'),
  senderDomain: text(80).required('Sender domain is a required field'),
  senderIdentity: text(200).required('Sender identity is a required field'),
  returnUrls: array(
    object({
      environment: string().oneOf(PUNCHOUT_ENVIRONMENTS).required(),
      url: text(2000)
        .required('Return URL is a required field')
        .test('http', 'Return URL must be an http or https address', (v) => !!v && !!parseHttpUrl(v)),
    }),
  )
    .max(10)
    .default([]),
  actingUserId: string().uuid().nullable().default(null),
  ociUsername: text(80).nullable().default(null),
  /** A new OCI password (kept hashed); absent or empty keeps the current one. */
  ociPassword: string().max(200).nullable().default(null),
  statusUrl: text(2000)
    .nullable()
    .default(null)
    .test('http', 'Status URL must be an http or https address', (v) => !v || !!parseHttpUrl(v)),
  /** A new credential for outbound StatusUpdateRequests (sealed); absent or empty keeps the current one. */
  statusCredential: string().max(500).nullable().default(null),
  enabled: boolean().default(true),
});

export type PunchoutCredentialInput = InferType<typeof punchoutCredentialSchema>;
