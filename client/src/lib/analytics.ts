/**
 * The one door for analytics events (spec sections 4 and 9). Pages report what happened here; the analytics
 * work connects a sink that checks consent and forwards to the data layer and the click-stream. Until a sink
 * is connected nothing leaves the browser.
 */
export const CHECKOUT_STEPS = [
  'started checkout',
  'shipping details added',
  'payment details added',
  'checkout completed',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export type AnalyticsEvent =
  | { type: 'checkout'; step: CheckoutStep; value: number; currency: string; orderId?: string }
  | { type: 'cart'; action: 'add' | 'remove' | 'view' | 'clear'; items: { id: string; quantity: number }[] };

type Sink = (event: AnalyticsEvent) => void;
let sink: Sink | null = null;

/** Connects the sink (the analytics work does, once consent allows); null disconnects. */
export function connectAnalytics(next: Sink | null): void {
  sink = next;
}

export function track(event: AnalyticsEvent): void {
  try {
    sink?.(event);
  } catch {
    // Analytics never breaks a page.
  }
}

export function trackCheckoutStep(
  step: CheckoutStep,
  value: number,
  currency: string,
  orderId?: string,
): void {
  track({ type: 'checkout', step, value, currency, orderId });
}
