import { randomBytes } from 'node:crypto';
import { TEST_CARDS, cardBrand, cardExpired, luhnValid } from '../../../../domain/checkout';
import { AppError } from '../../common/errors';
import type { SqlConnection } from '../../context';
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
}

/**
 * What checkout needs from a payment processor. The store never sees card numbers: the browser gives them to
 * the provider, which answers a payment method id. Calls are idempotent by the merchant's key.
 */
export interface PaymentProvider {
  readonly name: string;
  createIntent(input: { amount: number; currency: string; idempotencyKey: string }): Promise<PaymentIntent>;
  /** Charges the payment method: authorised, declined (lastError) or in need of the cardholder's action. */
  confirm(intentId: string, paymentMethodId: string): Promise<PaymentIntent>;
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
}

type Behaviour = 'authorise' | 'decline' | 'requires_action';

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
  brand: string | null;
  last4: string | null;
}

/** The intent's fields, its card's brand and last four, from a row source `i` (the table, or a CTE of it). */
const intentSelect = (from: string, where: string) => `
  select i.id, i.client_secret as "clientSecret", i.amount::float8 as amount, i.currency, i.status,
    i.last_error as "lastError", m.brand, m.last4
  from ${from} i left join test_payment_method m on m.id = i.payment_method_id
  where ${where}`;

const INTENT_BY_ID = prepared<IntentRow>(intentSelect('test_payment_intent', 'i.id = ?'));
const INTENT_BY_KEY = prepared<IntentRow>(intentSelect('test_payment_intent', 'i.idempotency_key = ?'));
const CREATE_INTENT = prepared<IntentRow>(
  `with made as (
     insert into test_payment_intent (id, idempotency_key, client_secret, amount, currency, status)
     values (?, ?, ?, ?, ?, 'requires_payment_method') on conflict (idempotency_key) do nothing
     returning *)
   ${intentSelect(
     '(select * from made union all select * from test_payment_intent where idempotency_key = ?)',
     'true limit 1',
   )}`,
);
const CONFIRM_INTENT = prepared<IntentRow>(
  `with confirmed as (
     update test_payment_intent set status = ?, last_error = ?, payment_method_id = ?, updated_at = now()
     where id = ? and status not in ('requires_capture', 'succeeded', 'canceled')
     returning *)
   ${intentSelect('confirmed', 'true')}`,
);

const toIntent = (r: IntentRow): PaymentIntent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  lastError: r.lastError,
  card: r.brand && r.last4 ? { brand: r.brand, last4: r.last4 } : null,
});

/**
 * The built-in test provider (docs/decisions/011): keeps its records in its own tables, as a processor would
 * on its side. Test cards: 4242 4242 4242 4242 authorises, 4000 0000 0000 0002 declines, 4000 0025 0000 3155
 * asks for authentication (then authorises or fails). Any other valid number authorises.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  constructor(private readonly db: SqlConnection) {}

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
  async createIntent(input: { amount: number; currency: string; idempotencyKey: string }) {
    const [made] = await CREATE_INTENT.all(this.db, [
      token('pi'),
      input.idempotencyKey,
      token('secret'),
      input.amount,
      input.currency,
      input.idempotencyKey,
    ]);
    const row = made ?? (await INTENT_BY_KEY.all(this.db, [input.idempotencyKey]))[0];
    if (row!.amount !== input.amount) {
      throw new AppError('CONFLICT', 'This payment was started for another amount.');
    }
    return toIntent(row!);
  }

  async confirm(intentId: string, paymentMethodId: string): Promise<PaymentIntent> {
    const [method] = await prepared<{ behaviour: Behaviour }>(
      'select behaviour from test_payment_method where id = ?',
    ).all(this.db, [paymentMethodId]);
    const next = !method
      ? null
      : method.behaviour === 'decline'
        ? { status: 'requires_payment_method', lastError: 'Your card was declined.' }
        : method.behaviour === 'requires_action'
          ? { status: 'requires_action', lastError: null }
          : { status: 'requires_capture', lastError: null };
    // Confirming again an authorised intent changes nothing (a retried request): the update passes it by.
    const [updated] = next
      ? await CONFIRM_INTENT.all(this.db, [next.status, next.lastError, paymentMethodId, intentId])
      : [];
    if (updated) return toIntent(updated);
    const intent = await this.retrieve(intentId);
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') return intent;
    throw new AppError('BAD_USER_INPUT', 'Enter your card details again.', [
      { field: 'payment.paymentMethodId', message: 'Enter your card details again.' },
    ]);
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

  async retrieve(intentId: string): Promise<PaymentIntent> {
    const [row] = await INTENT_BY_ID.all(this.db, [intentId]);
    if (!row) throw new AppError('NOT_FOUND', 'Payment was not found');
    return toIntent(row);
  }
}
