import { cardSchema, paymentChallengeSchema } from '../../../../domain/checkout.schema';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import type { PaymentIntent } from './payment.provider';

/**
 * The built-in test provider's own calls (a real processor serves these from its domain): the caller's input is
 * checked with domain/checkout.schema.ts, then handed to the provider (`ctx.app.payments`).
 */
export const testPaymentsService = {
  /** Entry point: a card as the browser sends it (`{ number, expiry, cvc, name }`), tokenised. */
  async createPaymentMethod(ctx: Ctx, body: unknown): Promise<{ id: string; brand: string; last4: string }> {
    return ctx.app.payments.createPaymentMethod(validate(cardSchema, body));
  },

  /** Entry point: the cardholder's answer on the bank's page, `{ clientSecret, approve }` (approve unless false). */
  async authenticate(ctx: Ctx, intentId: string, body: unknown): Promise<PaymentIntent> {
    const { clientSecret, approve } = validate(paymentChallengeSchema, {
      ...(body as object),
      approve: String((body as { approve?: unknown } | null | undefined)?.approve ?? 'true'),
    });
    return ctx.app.payments.authenticate(intentId, clientSecret, approve === 'true');
  },
};
