import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ServerError } from '@apollo/client';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../../testing/render';
import { json, PROVIDERS, serveFetch as serve, signedInUser } from '../../../testing/auth';
import { MeDocument } from '../graphql/session.generated';
import { AuthErrorPage, SignInPage } from './SignInPage';

const user = signedInUser();

const signedIn = {
  '/api/auth/providers': () => json(200, PROVIDERS),
  '/api/auth/callback/credentials': () => json(200, { url: '/cart' }),
  '/api/auth/session': () => json(200, { userInfo: { userId: 'u1', paymentKey: null } }),
};

const meMock = (answer: Partial<MockedResponse>): MockedResponse => ({
  request: { query: MeDocument },
  ...answer,
});

async function submit(email = 'ada@plant.example', password = 'Rail-Carriage-38!') {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
  Object.assign(navigator, { sendBeacon: jest.fn(() => true) });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('sign-in page', () => {
  it('signs in through the auth client, loads the user and goes to the callback page', async () => {
    const fetchSpy = serve(signedIn);
    const page = renderRoute(<SignInPage />, {
      path: '/user/login?callbackUrl=%2Fcart',
      mocks: [meMock({ result: { data: { me: user } } })],
    });
    await submit();
    await waitFor(() => expect(page.location().pathname).toBe('/cart'));
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/providers',
      '/api/auth/callback/credentials',
      '/api/auth/session',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message when the password is wrong, and stays", async () => {
    serve({
      ...signedIn,
      '/api/auth/callback/credentials': () =>
        json(401, { error: { code: 'UNAUTHENTICATED', message: 'The e-mail or password is not correct.' } }),
    });
    const page = renderRoute(<SignInPage />, { path: '/user/login' });
    await submit('ada@plant.example', 'wrong-Passw0rd!');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The e-mail or password is not correct.',
    );
    expect(page.location().pathname).toBe('/user/login');
  });

  it('says sign-in failed, and stays, when the user cannot be loaded after sign-in (status above 299)', async () => {
    serve(signedIn);
    const unavailable = new ServerError('Response not successful: Received status code 503', {
      response: new Response('', { status: 503 }),
      bodyText: '',
    });
    const page = renderRoute(<SignInPage />, {
      path: '/user/login?callbackUrl=%2Fcart',
      mocks: [meMock({ error: unavailable })],
    });
    await submit();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'We could not sign you in. Please try again.',
    );
    expect(page.location().pathname).toBe('/user/login');
    expect(console.error).toHaveBeenCalledWith('Failed to fetch user data', { status: 503 });
  });

  it('sends the visitor to the sign-in error page when the provider list is missing', async () => {
    serve({ ...signedIn, '/api/auth/providers': () => json(500, {}) });
    const page = renderRoute(<SignInPage />, { path: '/user/login' });
    await submit();
    await waitFor(() => expect(page.location().pathname).toBe('/user/auth-error'));
  });
});

describe('sign-in error page', () => {
  it('says sign-in is unavailable and leads back to the sign-in page', async () => {
    renderRoute(<AuthErrorPage />, { path: '/user/auth-error' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign-in is unavailable');
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not reach the sign-in service. Please try again in a few minutes.',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/user/login');
  });
});
