import { randomBytes } from 'node:crypto';
import { TEST_CARDS, cardBrand, cardExpired, luhnValid } from '../../../../domain/checkout';
import { AppError } from '../../common/errors';
import type { Db } from '../../context';
import { prepared } from '../../db/prepared';

declare module '../../context' {
  interface AppServices {
    /** The payment processor (the built-in test provider). */
    payments: TestPaymentProvider;
  }
}

/** A payment intent as the store sees it (modelled on card processors' payment intents). */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  /** requires_payment_method (new, or the last attempt failed: see lastError), requires_action, requires_capture (authorised). */
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  lastError: string | null;
  card: { brand: string; last4: string } | null;
  /** The customer paying (a payment key), when the merchant named one. */
  customer: string | null;
  /** The intent's card when it is saved to the intent's customer (paid with a saved card, or saved by this payment). */
  savedCard: CardMethod | null;
}

/** A card as the provider keeps it for a customer: what the store may show, never the number. */
export interface CardMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * What checkout needs from a payment processor. The store never sees card numbers: the browser gives them to
 * the provider, which answers a payment method id. Calls are idempotent by the merchant's key.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * A payment for `amount`. `customer` (a payment key) names who pays: a card saved to a customer pays only that
   * customer's intents.
   */
  createIntent(input: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    customer?: string | null;
  }): Promise<PaymentIntent>;
  /**
   * Charges the payment method: authorised, declined (lastError) or in need of the cardholder's action. A card
   * saved to another customer than the intent's is refused as unknown. With `save`, the card is saved to the
   * intent's customer once the payment authorises (after the bank's check, if one is asked).
   */
  confirm(intentId: string, paymentMethodId: string, options?: { save?: boolean }): Promise<PaymentIntent>;
  retrieve(intentId: string): Promise<PaymentIntent>;
  /**
   * Cancels a payment that was not captured: an unpaid one, or an authorisation released (voided); a cancelled
   * intent is never charged. Answers the intent as it is (a captured one stays so: refund it instead).
   */
  cancel(intentId: string): Promise<PaymentIntent>;
  /**
   * Captures an authorised payment, `amount` of it at most (the rest of the authorisation is released): the
   * order ships. Capturing a captured payment again answers it as it is.
   */
  capture(intentId: string, amount: number, idempotencyKey: string): Promise<PaymentIntent>;
  /** Refunds part or all of an authorised or captured payment; the total refunded so far. */
  refund(intentId: string, amount: number, idempotencyKey: string): Promise<{ refunded: number }>;
  /** The customer made under the merchant's key (one per key, however often asked): its id, the payment key. */
  createCustomer(input: { email: string; idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * Saves a card to a customer for later payments. A card that declines, or one saved to another customer, is
   * refused; saving it again to the same customer answers it as it is.
   */
  attach(paymentMethodId: string, customer: string): Promise<CardMethod>;
  /** Forgets a customer's saved card: it can no longer be charged. */
  detach(paymentMethodId: string, customer: string): Promise<void>;
}

/** What a test card does when charged; a detached card is spent (it pays nothing any more). */
type Behaviour = 'authorise' | 'decline' | 'requires_action' | 'detached';

const BEHAVIOURS: Record<string, Behaviour> = {
  [TEST_CARDS.declined]: 'decline',
  [TEST_CARDS.requiresAction]: 'requires_action',
};

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

interface IntentRow {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: PaymentIntent['status'];
  lastError: string | null;
  customerId: string | null;
  methodId: string | null;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  methodCustomerId: string | null;
}

/** The intent's fields, its card's brand and last four, from a row source `i` (the table, or a CTE of it). */
const intentSelect = (from: string, where: string) => `
  select i.id, i.client_secret as "clientSecret", i.amount::float8 as amount, i.currency, i.status,
    i.last_error as "lastError", i.customer_id as "customerId", m.id as "methodId", m.brand, m.last4,
    m.exp_month as "expMonth", m.exp_year as "expYear", m.customer_id as "methodCustomerId"
  from ${from} i left join test_payment_method m on m.id = i.payment_method_id
  where ${where}`;

const INTENT_BY_ID = prepared<IntentRow>(intentSelect('test_payment_intent', 'i.id = ?'));
const INTENT_BY_KEY = prepared<IntentRow>(intentSelect('test_payment_intent', 'i.idempotency_key = ?'));
const CREATE_INTENT = prepared<IntentRow>(
  `with made as (
     insert into test_payment_intent (id, idempotency_key, client_secret, amount, currency, customer_id, status)
     values (?, ?, ?, ?, ?, ?, 'requires_payment_method') on conflict (idempotency_key) do nothing
     returning *)
   ${intentSelect(
     '(select * from made union all select * from test_payment_intent where idempotency_key = ?)',
     'true limit 1',
   )}`,
);
const CONFIRM_INTENT = prepared<IntentRow>(
  `with confirmed as (
     update test_payment_intent set status = ?, last_error = ?, payment_method_id = ?, save_method = ?,
       updated_at = now()
     where id = ? and status not in ('requires_capture', 'succeeded', 'canceled')
     returning *)
   ${intentSelect('confirmed', 'true')}`,
);

const METHOD_FOR_INTENT = prepared<{ behaviour: Behaviour }>(
  `select m.behaviour from test_payment_method m
   where m.id = ? and (m.customer_id is null
     or m.customer_id = (select customer_id from test_payment_intent where id = ?))`,
);

/** A payment method the provider does not know, or not for this customer: the same answer either way. */
const unknownCard = (field: string) =>
  new AppError('BAD_USER_INPUT', 'Enter your card details again.', [
    { field, message: 'Enter your card details again.' },
  ]);

const toIntent = (r: IntentRow): PaymentIntent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  lastError: r.lastError,
  card: r.brand && r.last4 ? { brand: r.brand, last4: r.last4 } : null,
  customer: r.customerId,
  savedCard:
    r.methodId && r.customerId && r.methodCustomerId === r.customerId
      ? { id: r.methodId, brand: r.brand!, last4: r.last4!, expMonth: r.expMonth!, expYear: r.expYear! }
      : null,
});

/** An authorised intent that asked to save its card: the card is saved to the intent's customer. */
const SAVE_AUTHORISED_METHOD = prepared(
  `update test_payment_method m set customer_id = i.customer_id
   from test_payment_intent i
   where i.id = ? and i.save_method and i.status = 'requires_capture' and i.customer_id is not null
     and m.id = i.payment_method_id and m.customer_id is null`,
);

/**
 * The built-in test provider (docs/decisions/011): keeps its records in its own tables, as a processor would
 * on its side. Test cards: 4242 4242 4242 4242 authorises, 4000 0000 0000 0002 declines, 4000 0025 0000 3155
 * asks for authentication (then authorises or fails). Any other valid number authorises.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  constructor(private readonly db: Db) {}

  /** Tokenises a card (the browser calls this through the provider's route): brand and last four kept only. */
  async createPaymentMethod(card: { number: string; expiry: string; cvc: string }) {
    const digits = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) {
      throw new AppError('BAD_USER_INPUT', 'Enter a valid card number', [
        { field: 'number', message: 'Enter a valid card number' },
      ]);
    }
    if (cardExpired(card.expiry)) {
      throw new AppError('BAD_USER_INPUT', 'This card has expired', [
        { field: 'expiry', message: 'This card has expired' },
      ]);
    }
    const [mm, yy] = card.expiry.split('/').map(Number);
    const method = {
      id: token('pm'),
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      behaviour: BEHAVIOURS[digits] ?? 'authorise',
    };
    await this.db.execute(
      `insert into test_payment_method (id, brand, last4, exp_month, exp_year, behaviour) values (?, ?, ?, ?, ?, ?)`,
      [method.id, method.brand, method.last4, mm, 2000 + (yy ?? 0), method.behaviour],
    );
    return { id: method.id, brand: method.brand, last4: method.last4 };
  }

  /**
   * One statement: the intent is inserted, or the one already made under the key is read. Only when another
   * request inserted that key meanwhile (committed after this statement began) is it read again.
   */
  async createIntent(input: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    customer?: string | null;
  }) {
    const [made] = await CREATE_INTENT.all(this.db, [
      token('pi'),
      input.idempotencyKey,
      token('secret'),
      input.amount,
      input.currency,
      input.customer ?? null,
      input.idempotencyKey,
    ]);
    const row = made ?? (await INTENT_BY_KEY.all(this.db, [input.idempotencyKey]))[0];
    if (row!.amount !== input.amount) {
      throw new AppError('CONFLICT', 'This payment was started for another amount.');
    }
    return toIntent(row!);
  }

  async confirm(
    intentId: string,
    paymentMethodId: string,
    options: { save?: boolean } = {},
  ): Promise<PaymentIntent> {
    // A saved card pays only its own customer's payments; to anyone else it does not exist.
    const [method] = await METHOD_FOR_INTENT.all(this.db, [paymentMethodId, intentId]);
    const next =
      !method || method.behaviour === 'detached'
        ? null
        : method.behaviour === 'decline'
          ? { status: 'requires_payment_method', lastError: 'Your card was declined.' }
          : method.behaviour === 'requires_action'
            ? { status: 'requires_action', lastError: null }
            : { status: 'requires_capture', lastError: null };
    // Confirming again an authorised intent changes nothing (a retried request): the update passes it by.
    const [updated] = next
      ? await CONFIRM_INTENT.all(this.db, [
          next.status,
          next.lastError,
          paymentMethodId,
          options.save === true,
          intentId,
        ])
      : [];
    if (updated)
      return updated.status === 'requires_capture' ? this.saveAuthorised(intentId) : toIntent(updated);
    const intent = await this.retrieve(intentId);
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') return intent;
    throw unknownCard('payment.paymentMethodId');
  }

  /** The cardholder's answer to the bank's challenge (the test provider's authentication page). */
  async authenticate(intentId: string, clientSecret: string, approve: boolean): Promise<PaymentIntent> {
    const intent = await this.retrieve(intentId);
    if (intent.clientSecret !== clientSecret) throw new AppError('NOT_FOUND', 'Payment was not found');
    if (intent.status !== 'requires_action') return intent;
    await this.db.execute(
      `update test_payment_intent set status = ?, last_error = ?, updated_at = now() where id = ?`,
      approve
        ? ['requires_capture', null, intentId]
        : ['requires_payment_method', 'Your bank could not authenticate this payment.', intentId],
    );
    return this.saveAuthorised(intentId);
  }

  /** Saves the card of an authorised intent that asked for it; the intent as it now is. */
  private async saveAuthorised(intentId: string): Promise<PaymentIntent> {
    await SAVE_AUTHORISED_METHOD.all(this.db, [intentId]);
    return this.retrieve(intentId);
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    await this.db.execute(
      `update test_payment_intent set status = 'canceled', updated_at = now()
       where id = ? and status in ('requires_payment_method', 'requires_action', 'requires_capture')`,
      [intentId],
    );
    return this.retrieve(intentId);
  }

  // The test processor's capture is idempotent by its state (a captured intent answers as it is), so the
  // merchant's key is not needed here; a real processor's call would send it.
  async capture(intentId: string, amount: number, _idempotencyKey: string): Promise<PaymentIntent> {
    const intent = await this.retrieve(intentId);
    if (intent.status === 'succeeded') return intent;
    if (intent.status !== 'requires_capture') {
      throw new AppError('UNPROCESSABLE', 'This payment was not authorised, so it cannot be captured.');
    }
    if (amount > intent.amount + 0.005) {
      throw new AppError(
        'UNPROCESSABLE',
        `The card was authorised for ${intent.amount.toFixed(2)}, less than the order's total of ${amount.toFixed(2)}.`,
      );
    }
    await this.db.execute(
      `update test_payment_intent set status = 'succeeded', amount = ?, updated_at = now()
       where id = ? and status = 'requires_capture'`,
      [amount, intentId],
    );
    return this.retrieve(intentId);
  }

  async refund(intentId: string, amount: number, idempotencyKey: string): Promise<{ refunded: number }> {
    // The merchant's key makes a retried refund a no-op.
    const [row] = await this.db.execute<{ refunded: number }[]>(
      `update test_payment_intent
         set amount_refunded = case when last_refund_key is distinct from ? then least(amount, amount_refunded + ?)
                                    else amount_refunded end,
             last_refund_key = ?, updated_at = now()
       where id = ? and status in ('requires_capture', 'succeeded')
       returning amount_refunded::float8 as refunded`,
      [idempotencyKey, amount, idempotencyKey, intentId],
    );
    if (!row) throw new AppError('CONFLICT', 'This payment cannot be refunded.');
    return row;
  }

  async createCustomer(input: { email: string; idempotencyKey: string }): Promise<{ id: string }> {
    const [made] = await this.db.execute<{ id: string }[]>(
      `with made as (
         insert into test_payment_customer (id, idempotency_key, email) values (?, ?, ?)
         on conflict (idempotency_key) do nothing returning id)
       select id from made union all select id from test_payment_customer where idempotency_key = ? limit 1`,
      [token('cus'), input.idempotencyKey, input.email, input.idempotencyKey],
    );
    // Another request made it under the same key after this statement began: it is there now.
    return (
      made ??
      (
        await this.db.execute<{ id: string }[]>(
          'select id from test_payment_customer where idempotency_key = ?',
          [input.idempotencyKey],
        )
      )[0]!
    );
  }

  async attach(paymentMethodId: string, customer: string): Promise<CardMethod> {
    const [method] = await this.db.execute<
      (CardMethod & { behaviour: Behaviour; customerId: string | null })[]
    >(
      `select id, brand, last4, exp_month as "expMonth", exp_year as "expYear", behaviour, customer_id as "customerId"
       from test_payment_method where id = ?`,
      [paymentMethodId],
    );
    const usable = method && method.behaviour !== 'detached';
    if (!usable || (method.customerId !== null && method.customerId !== customer)) {
      throw unknownCard('paymentMethodId');
    }
    // As a processor checks a card before keeping it: one that declines is not saved.
    if (method.behaviour === 'decline') throw new AppError('UNPROCESSABLE', 'Your card was declined.');
    await this.db.execute(
      'update test_payment_method set customer_id = ? where id = ? and customer_id is null',
      [customer, paymentMethodId],
    );
    const { id, brand, last4, expMonth, expYear } = method;
    return { id, brand, last4, expMonth, expYear };
  }

  async detach(paymentMethodId: string, customer: string): Promise<void> {
    // A detached card is spent: it cannot be charged again, by its customer or anyone.
    await this.db.execute(
      "update test_payment_method set customer_id = null, behaviour = 'detached' where id = ? and customer_id = ?",
      [paymentMethodId, customer],
    );
  }

  async retrieve(intentId: string): Promise<PaymentIntent> {
    const [row] = await INTENT_BY_ID.all(this.db, [intentId]);
    if (!row) throw new AppError('NOT_FOUND', 'Payment was not found');
    return toIntent(row);
  }
}
