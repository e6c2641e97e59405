import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import { checkoutBody, FIXTURE_PASSWORD, plainProducts, testCard } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

/*
 * Spec section 4, User state, and saved cards (issue 35, item 3): the payment key (the provider's customer),
 * cards saved at checkout or from the account page, paying with one, and nobody else's payments using it.
 */

let t: TestApp;
let item: string;

beforeAll(async () => {
  t = await createTestApp();
  item = (await plainProducts(t, 1))[0]!.id;
});
afterAll(async () => t.close());

async function buyer(): Promise<{ c: Client; email: string }> {
  const email = `cards.${randomUUID()}@plant.example`;
  await t.createUser({ email, password: FIXTURE_PASSWORD });
  const c = await t.client();
  await c.signIn(email, FIXTURE_PASSWORD);
  return { c, email };
}

/** Places an order of one item, paid with `paymentMethodId` (saved when `saveCard`). */
async function order(c: Client, email: string, paymentMethodId: string, saveCard = false) {
  await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: item, qty: 1 }] }).expect(200);
  const body = checkoutBody(email, paymentMethodId);
  return c
    .send('post', '/api/checkout/place-order', { ...body, payment: { ...body.payment, saveCard } })
    .set('Idempotency-Key', randomUUID())
    .expect(200);
}

const user = async (c: Client) => (await c.agent.get('/api/user').expect(200)).body.user;

describe('the payment key (spec section 4)', () => {
  it('is null in a fresh session, made once however many calls race, then carried by the session', async () => {
    const { c } = await buyer();
    expect((await c.agent.get('/api/auth/session').expect(200)).body.userInfo.paymentKey).toBeNull();
    const keys = await Promise.all(
      Array.from({ length: 4 }, () => c.send('post', '/api/user/payment-key').expect(200)),
    );
    const key = keys[0]!.body.paymentKey as string;
    expect(key).toMatch(/^cus_/);
    expect(new Set(keys.map((k) => k.body.paymentKey))).toEqual(new Set([key]));
    expect((await c.agent.get('/api/auth/session').expect(200)).body.userInfo.paymentKey).toBe(key);
    expect((await c.gql<{ initializePaymentKey: string }>('mutation { initializePaymentKey }')).data).toEqual(
      {
        initializePaymentKey: key,
      },
    );
  });

  it('is for signed-in users only', async () => {
    const c = await t.client();
    await c.send('post', '/api/user/payment-key').expect(401);
  });
});

describe('a card saved at checkout', () => {
  it('joins paymentOptions as the primary card once it authorises: brand, last four and expiry, never the number', async () => {
    const { c, email } = await buyer();
    expect(await user(c)).toMatchObject({ paymentOptions: [], primaryPaymentId: -1 });
    const placed = await order(c, email, await testCard(c), true);
    expect(placed.body.order.status).toBe(18);
    const me = await user(c);
    expect(me.paymentOptions).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039, primary: true }),
    ]);
    expect(me.primaryPaymentId).toBe(me.paymentOptions[0].id);
    expect(JSON.stringify(me)).not.toContain(TEST_CARDS.authorised);

    // The next order is paid with it; it is not saved twice.
    const again = await order(c, email, me.paymentOptions[0].paymentMethodId);
    expect(again.body.order).toMatchObject({ status: 18, cardBrand: 'visa', cardLast4: '4242' });
    expect((await user(c)).paymentOptions).toHaveLength(1);
  });

  it('is not saved unless asked, nor when it declines', async () => {
    const { c, email } = await buyer();
    await order(c, email, await testCard(c));
    const declined = await order(c, email, await testCard(c, TEST_CARDS.declined), true);
    expect(declined.body.paymentError).toBe('Your card was declined.');
    expect((await user(c)).paymentOptions).toEqual([]);
  });

  it("is saved after the bank's check approves it, not before", async () => {
    const { c, email } = await buyer();
    const placed = await order(c, email, await testCard(c, TEST_CARDS.requiresAction), true);
    expect(placed.body.order.status).toBe(15);
    expect((await user(c)).paymentOptions).toEqual([]);
    const action = placed.body.nextAction;
    await c
      .send('post', `/api/payments/test/intents/${action.intentId}/authenticate`, {
        clientSecret: action.clientSecret,
        approve: true,
      })
      .expect(200);
    await c.send('post', `/api/orders/${placed.body.order.id}/confirm-payment`).expect(200);
    expect((await user(c)).paymentOptions).toEqual([expect.objectContaining({ last4: '3155' })]);
  });

  it("pays only its owner's orders: another buyer or a guest sending its id is asked for card details", async () => {
    const owner = await buyer();
    await order(owner.c, owner.email, await testCard(owner.c), true);
    const [saved] = (await user(owner.c)).paymentOptions;

    const other = await buyer();
    await other.c.send('post', '/api/user/cart/upsert', { items: [{ itemId: item, qty: 1 }] }).expect(200);
    const res = await other.c
      .send('post', '/api/checkout/place-order', checkoutBody(other.email, saved.paymentMethodId))
      .set('Idempotency-Key', randomUUID())
      .expect(400);
    expect(res.body.error.message).toBe('Enter your card details again.');
    // Saving it to themselves is refused the same way.
    const taken = await other.c
      .send('post', '/api/user/payment-method', { paymentMethodId: saved.paymentMethodId })
      .expect(400);
    expect(taken.body.error.message).toBe('Enter your card details again.');

    const guest = await t.client();
    await guest.send('post', '/api/user/cart/upsert', { items: [{ itemId: item, qty: 1 }] }).expect(200);
    await guest
      .send('post', '/api/checkout/place-order', checkoutBody('guest@plant.example', saved.paymentMethodId))
      .set('Idempotency-Key', randomUUID())
      .expect(400);
  });
});

describe('saved cards in the account page', () => {
  it('adds, makes primary and deletes; a deleted card pays nothing any more', async () => {
    const { c, email } = await buyer();
    const first = await c
      .send('post', '/api/user/payment-method', { paymentMethodId: await testCard(c) })
      .expect(201);
    expect(first.body.paymentOption).toMatchObject({ brand: 'visa', last4: '4242', primary: true });
    const second = await c
      .send('post', '/api/user/payment-method', { paymentMethodId: await testCard(c, '5555555555554444') })
      .expect(201);
    expect(second.body.paymentOption).toMatchObject({ brand: 'mastercard', primary: false });

    const primary = await c
      .send('put', '/api/user/make-primary-payment', { id: second.body.paymentOption.id })
      .expect(200);
    expect(primary.body.user.primaryPaymentId).toBe(second.body.paymentOption.id);

    await c.send('delete', '/api/user/payment-method', { id: second.body.paymentOption.id }).expect(200);
    const me = await user(c);
    expect(me.paymentOptions).toEqual([
      expect.objectContaining({ id: first.body.paymentOption.id, primary: true }),
    ]);
    expect(me.primaryPaymentId).toBe(first.body.paymentOption.id);

    await c.send('post', '/api/user/cart/upsert', { items: [{ itemId: item, qty: 1 }] }).expect(200);
    const spent = await c
      .send(
        'post',
        '/api/checkout/place-order',
        checkoutBody(email, second.body.paymentOption.paymentMethodId),
      )
      .set('Idempotency-Key', randomUUID())
      .expect(400);
    expect(spent.body.error.message).toBe('Enter your card details again.');
  });

  it('refuses a card that declines, and answers for anyone else’s card as for a missing one', async () => {
    const owner = await buyer();
    const saved = await owner.c
      .send('post', '/api/user/payment-method', { paymentMethodId: await testCard(owner.c) })
      .expect(201);
    const declined = await owner.c
      .send('post', '/api/user/payment-method', {
        paymentMethodId: await testCard(owner.c, TEST_CARDS.declined),
      })
      .expect(422);
    expect(declined.body.error.message).toBe('Your card was declined.');

    const other = await buyer();
    for (const [method, path] of [
      ['delete', '/api/user/payment-method'],
      ['put', '/api/user/make-primary-payment'],
    ] as const) {
      const res = await other.c.send(method, path, { id: saved.body.paymentOption.id }).expect(404);
      expect(res.body.error.message).toBe('Card was not found');
      const missing = await other.c.send(method, path, { id: 'not-a-card' }).expect(400);
      expect(missing.body.error.fields).toEqual([{ field: 'id', message: 'Card not found' }]);
    }
    expect((await user(owner.c)).paymentOptions).toHaveLength(1);
  });

  it('works the same over GraphQL', async () => {
    const { c } = await buyer();
    const saved = await c.gql<{ savePaymentOption: { id: string; last4: string; primary: boolean } }>(
      'mutation($pm: String!) { savePaymentOption(paymentMethodId: $pm) { id last4 primary } }',
      { pm: await testCard(c, '378282246310005') },
    );
    expect(saved.data?.savePaymentOption).toMatchObject({ last4: '0005', primary: true });
    const id = saved.data!.savePaymentOption.id;
    const listed = await c.gql(
      '{ paymentOptions { id brand } me { primaryPaymentId paymentOptions { id } } }',
    );
    expect(listed.data).toEqual({
      paymentOptions: [{ id, brand: 'amex' }],
      me: { primaryPaymentId: id, paymentOptions: [{ id }] },
    });
    const primary = await c.gql('mutation($id: ID!) { makePrimaryPayment(id: $id) { primaryPaymentId } }', {
      id,
    });
    expect(primary.data).toEqual({ makePrimaryPayment: { primaryPaymentId: id } });
    expect((await c.gql('mutation($id: ID!) { deletePaymentOption(id: $id) }', { id })).data).toEqual({
      deletePaymentOption: true,
    });
    expect((await c.gql('{ me { primaryPaymentId paymentOptions { id } } }')).data).toEqual({
      me: { primaryPaymentId: '-1', paymentOptions: [] },
    });
  });

  it('are removed with the account, at the provider too', async () => {
    const { c } = await buyer();
    const saved = await c
      .send('post', '/api/user/payment-method', { paymentMethodId: await testCard(c) })
      .expect(201);
    await c.send('delete', '/api/user', { password: FIXTURE_PASSWORD }).expect(200);
    const [left] = await t.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from saved_card where payment_method_id = ?', [
        saved.body.paymentOption.paymentMethodId,
      ]);
    expect(left!.n).toBe(0);
    const [method] = await t.orm.em
      .getConnection()
      .execute<{ customerId: string | null }[]>(
        'select customer_id as "customerId" from test_payment_method where id = ?',
        [saved.body.paymentOption.paymentMethodId],
      );
    expect(method!.customerId).toBeNull();
  });
});
