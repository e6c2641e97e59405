import { describe, expect, it, jest } from '@jest/globals';
import { gql } from '@apollo/client';
import { createApolloClient } from '../../lib/apollo';
import { beaconCodes, json, signedInUser, withAuthBrowser } from '../../testing/auth';
import { MeDocument } from './graphql/session.generated';
import { initializeUserSession } from './session';

const user = signedInUser();

/** A cart query named like the shop's: the session's initialisation refetches the active `Cart` query. */
const CART = gql`
  query Cart {
    cart {
      cartId
    }
  }
`;

/** The store as the browser sees it: the session, and /graphql answered by operation name. */
function serve(
  graphql: Record<string, () => Promise<Response>>,
  session: unknown = { userInfo: { userId: 'u1', paymentKey: null } },
) {
  const operations: { name: string; accept: string | null }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/auth/session') return json(200, session);
    if (String(input) === '/graphql') {
      const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
      operations.push({ name: operationName, accept: new Headers(init?.headers).get('accept') });
      const answer = graphql[operationName];
      if (answer) return answer();
    }
    throw new TypeError('Failed to fetch');
  });
  return operations;
}

const consoleError = withAuthBrowser();

/** A client with the cart on screen (an active Cart query), as after any page of the shop. */
async function shopClient() {
  const client = createApolloClient();
  const cart = client.watchQuery({ query: CART });
  const seen: unknown[] = [];
  cart.subscribe((result) => seen.push(result.data));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { client, seen };
}

describe('the session after sign-in (spec sections 4 and 8)', () => {
  it("fetches the session's user and loads it, then fetches the cart, then makes the missing payment key", async () => {
    const operations = serve({
      Cart: () => json(200, { data: { cart: { __typename: 'Cart', cartId: 'c1' } } }),
      Me: () => json(200, { data: { me: user } }),
      InitializePaymentKey: () => json(200, { data: { initializePaymentKey: 'cus_1' } }),
    });
    const { client } = await shopClient();
    operations.length = 0;
    await expect(initializeUserSession(client)).resolves.toMatchObject({ id: 'u1', firstName: 'Ada' });
    expect(operations.map((o) => o.name)).toEqual(['Me', 'Cart', 'InitializePaymentKey']);
    expect(client.readQuery({ query: MeDocument })?.me.firstName).toBe('Ada');
    expect(consoleError()).not.toHaveBeenCalled();
  });

  it('does not fetch a user the cache already holds, nor a payment key the session has', async () => {
    const operations = serve(
      { Cart: () => json(200, { data: { cart: { __typename: 'Cart', cartId: 'c1' } } }) },
      { userInfo: { userId: 'u1', paymentKey: 'cus_1' } },
    );
    const { client } = await shopClient();
    client.writeQuery({ query: MeDocument, data: { me: user } });
    operations.length = 0;
    await expect(initializeUserSession(client)).resolves.toMatchObject({ id: 'u1' });
    expect(operations.map((o) => o.name)).toEqual(['Cart']);
  });

  it('logs a user fetch answered above 299 as "Failed to fetch user data" and does not load the user', async () => {
    const operations = serve({
      Cart: () => json(200, { data: { cart: { __typename: 'Cart', cartId: 'c1' } } }),
      Me: () => json(503, { errors: [{ message: 'Service Unavailable' }] }),
    });
    const { client } = await shopClient();
    await expect(initializeUserSession(client)).resolves.toBeNull();
    // Asked as plain JSON, so any status above 299 is a failure, whatever the body.
    expect(operations.find((o) => o.name === 'Me')?.accept).toBe('application/json');
    expect(client.readQuery({ query: MeDocument })).toBeNull();
    expect(consoleError()).toHaveBeenCalledWith('Failed to fetch user data', { status: 503 });
    expect(beaconCodes()).toEqual(['Failed to fetch user data']);
  });

  it('logs a failed payment-key initialisation as "Failed to initialize user session", the user loaded', async () => {
    serve({
      Cart: () => json(200, { data: { cart: { __typename: 'Cart', cartId: 'c1' } } }),
      Me: () => json(200, { data: { me: user } }),
      InitializePaymentKey: () => json(500, { errors: [{ message: 'Internal server error' }] }),
    });
    const { client } = await shopClient();
    await expect(initializeUserSession(client)).resolves.toMatchObject({ id: 'u1' });
    expect(beaconCodes()).toEqual(['Failed to initialize user session']);
    expect(client.readQuery({ query: MeDocument })?.me.id).toBe('u1');
  });

  it('logs an exception during the initialisation as "Failed to initialize user session"', async () => {
    serve({ Cart: () => json(200, { data: { cart: { __typename: 'Cart', cartId: 'c1' } } }) });
    const { client } = await shopClient();
    // The user fetch fails without an answer (the network is down).
    await expect(initializeUserSession(client)).resolves.toBeNull();
    expect(consoleError()).toHaveBeenCalledWith('Failed to initialize user session', expect.anything());
    expect(beaconCodes()).toEqual(['Failed to initialize user session']);
    expect(client.readQuery({ query: MeDocument })).toBeNull();
  });

  it('still loads the user when the session cannot be had (logged as "client fetch error")', async () => {
    const operations = serve({
      Me: () => json(200, { data: { me: user } }),
      Cart: () => json(200, { data: { cart: null } }),
    });
    jest.mocked(fetch).mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApolloClient();
    await expect(initializeUserSession(client)).resolves.toMatchObject({ id: 'u1' });
    expect(operations.map((o) => o.name)).toEqual(['Me']);
    expect(beaconCodes()).toEqual(['client fetch error']);
  });
});
