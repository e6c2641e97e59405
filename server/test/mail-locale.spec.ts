import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../domain/roles';
import { authorisedCard, checkoutBody, FIXTURE_PASSWORD, plainProducts } from './fixtures';
import { createTestApp, type Client, type TestApp } from './harness';

let t: TestApp;
let products: { id: string; price: number }[];

beforeAll(async () => {
  t = await createTestApp();
  products = await plainProducts(t, 1);
});
afterAll(async () => t.close());

/** A browser whose shop language is `locale` (the locale cookie the switcher sets). */
async function browserIn(locale: string): Promise<Client> {
  const c = await t.client();
  (
    c.agent as unknown as { jar: { setCookie(cookie: string, domain: string, path: string): void } }
  ).jar.setCookie(`locale=${locale}`, '127.0.0.1', '/');
  return c;
}

describe("e-mails in the recipient's language (issue 29, item 4)", () => {
  it('a buyer who shops in French gets the order confirmation in French, and the reset of every password too', async () => {
    const email = `acheteur.${randomUUID()}@usine.example`;
    await t.createUser({ email, password: FIXTURE_PASSWORD });
    const c = await browserIn('fr-CA');
    await c.signIn(email, FIXTURE_PASSWORD);
    await c
      .send('post', '/api/user/cart/upsert', { items: [{ itemId: products[0]!.id, qty: 1 }] })
      .expect(200);
    const placed = await c
      .send('post', '/api/checkout/place-order', checkoutBody(email, await authorisedCard(c)))
      .set('Idempotency-Key', randomUUID())
      .expect(200);
    const confirmation = await t.mail(email, { subject: /commande/ });
    expect(confirmation.subject).toBe(`Votre commande Axisline Supply AXL-${placed.body.order.orderNumber}`);
    expect(confirmation.text).toContain('Merci de votre commande');
    expect(confirmation.text).toContain('(Paiement reçu)');
    expect(confirmation.text).toMatch(/Total : [\d\s]+,\d\d\s\$\sUS/);

    // An English-speaking colleague, then an admin resets every password: each reads it in their language.
    const colleague = `buyer.${randomUUID()}@plant.example`;
    await t.createUser({ email: colleague, password: FIXTURE_PASSWORD });
    const english = await browserIn('en-US');
    await english.signIn(colleague, FIXTURE_PASSWORD);
    const adminEmail = `admin.${randomUUID()}@axisline.example`;
    await t.createUser({ email: adminEmail, password: FIXTURE_PASSWORD, role: ROLES.Admin });
    const admin = await t.client();
    await admin.signIn(adminEmail, FIXTURE_PASSWORD);
    const res = await admin.gql<{ resetAllPasswords: number }>('mutation { resetAllPasswords }');
    expect(res.errors).toBeUndefined();
    const french = await t.mail(email, { subject: /mot de passe/ });
    expect(french.subject).toBe('Choisissez un nouveau mot de passe pour Axisline Supply');
    expect(french.text).toMatch(/^Bonjour Test,/);
    const reset = await t.mail(colleague, { subject: /password/ });
    expect(reset.subject).toBe('Choose a new password for Axisline Supply');
  });
});
