/** A cookie of the shop as a browser context's storage state holds it (a session cookie, readable by pages). */
export const shopCookie = (name: string, value: string, domain = 'localhost') => ({
  name,
  value,
  domain,
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
});

/** The consent banner answered "Decline" (what most specs start from). */
export const CONSENT_DECLINED = 'analytics%3Ddenied';
