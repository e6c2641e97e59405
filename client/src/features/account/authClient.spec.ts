import { describe, expect, it, jest } from '@jest/globals';
import { json, PROVIDERS, serveFetch as serve, withAuthBrowser } from '../../testing/auth';
import { authFetch, getSession, signIn } from './authClient';

/** The beacon logs sent to POST /api/auth/_log, as their form fields. */
const beacons = () =>
  (navigator.sendBeacon as jest.Mock).mock.calls.map(([url, body]) => ({
    url,
    ...Object.fromEntries(body as URLSearchParams),
  }));

const consoleError = withAuthBrowser();

describe('authFetch (spec section 7: the auth session client)', () => {
  it('GETs under /api/auth with the session cookie and returns the answer', async () => {
    const fetchSpy = serve({ '/api/auth/providers': () => json(200, PROVIDERS) });
    await expect(authFetch('providers')).resolves.toEqual(PROVIDERS);
    expect(fetchSpy.mock.calls[0]![1]).toEqual({ credentials: 'same-origin' });
    expect(consoleError()).not.toHaveBeenCalled();
  });

  it('POSTs a body form-encoded, with csrf_token', async () => {
    const fetchSpy = serve({ '/api/auth/signout': () => json(200, { url: '/' }) });
    await expect(authFetch('signout', { callbackUrl: '/' })).resolves.toEqual({ url: '/' });
    const init = fetchSpy.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(String(init.body)).toBe('csrf_token=c.t&callbackUrl=%2F');
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer above 299', () => json(500, { error: { code: 'INTERNAL' } })],
    [
      'an answer that is not JSON',
      () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })),
    ],
  ])('returns null on %s, logged as "client fetch error" (console and beacon)', async (_case, answer) => {
    serve({ '/api/auth/session': answer });
    await expect(authFetch('session')).resolves.toBeNull();
    expect(consoleError()).toHaveBeenCalledWith(
      'client fetch error',
      expect.objectContaining({ url: '/api/auth/session' }),
    );
    expect(beacons()).toEqual([{ url: '/api/auth/_log', level: 'error', code: 'client fetch error' }]);
  });

  it('returns null for an empty answer (signed out), without a log', async () => {
    serve({ '/api/auth/session': () => json(200, {}) });
    await expect(authFetch('session')).resolves.toBeNull();
    expect(consoleError()).not.toHaveBeenCalled();
    expect(beacons()).toEqual([]);
  });
});

describe('getSession', () => {
  it('returns the session: userInfo means signed in', async () => {
    const session = {
      user: { name: 'Ada Ng', email: 'ada@plant.example', role: 500 },
      userInfo: { userId: 'u1', paymentKey: null },
    };
    serve({ '/api/auth/session': () => json(200, session) });
    await expect(getSession()).resolves.toEqual(session);
  });

  it('logs a session it cannot read as CLIENT_SESSION_ERROR and counts it as none', async () => {
    serve({ '/api/auth/session': () => json(200, { userInfo: { paymentKey: null } }) });
    await expect(getSession()).resolves.toBeNull();
    expect(consoleError()).toHaveBeenCalledWith('CLIENT_SESSION_ERROR', expect.any(Error));
    expect(beacons()).toEqual([{ url: '/api/auth/_log', level: 'error', code: 'CLIENT_SESSION_ERROR' }]);
  });
});

describe('signIn (spec sections 7 and 8)', () => {
  const credentials = { email: 'ada@plant.example', password: 'Rail-Carriage-38!' };

  it('posts the credentials form-encoded to callback/credentials with csrf_token and callbackUrl', async () => {
    const fetchSpy = serve({
      '/api/auth/providers': () => json(200, PROVIDERS),
      '/api/auth/callback/credentials': () => json(200, { url: '/cart' }),
    });
    const redirect = jest.fn();
    await expect(signIn('credentials', credentials, { callbackUrl: '/cart', redirect })).resolves.toEqual({
      ok: true,
      url: '/cart',
    });
    const [url, init] = fetchSpy.mock.calls[1]!;
    expect(url).toBe('/api/auth/callback/credentials');
    expect(init?.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      csrf_token: 'c.t',
      ...credentials,
      callbackUrl: '/cart',
    });
    expect(redirect).not.toHaveBeenCalled();
  });

  it("gives the server's message when the credentials are refused", async () => {
    serve({
      '/api/auth/providers': () => json(200, PROVIDERS),
      '/api/auth/callback/credentials': () =>
        json(401, {
          url: '/user/login?error=CredentialsSignin',
          error: { code: 'UNAUTHENTICATED', message: 'The e-mail or password is not correct.' },
        }),
    });
    const answer = await signIn('credentials', credentials, { callbackUrl: '/', redirect: jest.fn() });
    expect(answer).toMatchObject({
      ok: false,
      error: { status: 401, code: 'UNAUTHENTICATED', message: 'The e-mail or password is not correct.' },
    });
  });

  it('sends the visitor to the sign-in page for an unknown provider, and posts nothing', async () => {
    const fetchSpy = serve({ '/api/auth/providers': () => json(200, PROVIDERS) });
    const redirect = jest.fn();
    await expect(signIn('github', credentials, { callbackUrl: '/cart', redirect })).resolves.toBeUndefined();
    expect(redirect).toHaveBeenCalledWith('/user/login?callbackUrl=%2Fcart');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('sends the visitor to the sign-in error page when the provider list is missing, and posts nothing', async () => {
    const fetchSpy = serve({ '/api/auth/providers': () => json(503, { error: { code: 'UNAVAILABLE' } }) });
    const redirect = jest.fn();
    await expect(signIn('credentials', credentials, { callbackUrl: '/', redirect })).resolves.toBeUndefined();
    expect(redirect).toHaveBeenCalledWith('/user/auth-error');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(consoleError()).toHaveBeenCalledWith('client fetch error', expect.anything());
  });
});
