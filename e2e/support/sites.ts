import { CONSENT_DECLINED, shopCookie } from './cookies';

const PORT = Number(process.env.E2E_PORT || 4100);
/** Chromium resolves every *.localhost name to this machine: the store tells the sites apart by host name. */
export const PAY_CA = 'pay-ca.localhost';

/** `test.use` of a spec that walks the Canadian site (CAD, ships within Canada) in `locale`, cookies answered. */
export const onPayCa = (locale: string) => ({
  baseURL: `http://${PAY_CA}:${PORT}`,
  storageState: {
    cookies: [shopCookie('locale', locale, PAY_CA), shopCookie('consent', CONSENT_DECLINED, PAY_CA)],
    origins: [],
  },
});
