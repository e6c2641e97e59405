/**
 * The one door for analytics events (spec sections 4 and 9): pages report what happened here. The tracker
 * (lib/tracking.ts) connects a sink while the shopper's consent allows; until then nothing leaves the browser.
 */
import type { AnalyticsEvent, CheckoutStep, TrackedItem } from '@domain/analytics';
import { useEffect, useRef } from 'react';

export type { AnalyticsEvent, CheckoutStep, TrackedItem };

type Sink = (event: AnalyticsEvent) => void;
let sink: Sink | null = null;

/** Connects the sink (the tracker does, once consent allows); null disconnects. */
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

/**
 * Reports a page view once per `key` (a product id, a search): `event` null waits for the page's data.
 * StrictMode's second effect run and re-renders do not report again.
 */
export function useTrackView(key: string, event: AnalyticsEvent | null): void {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!event || sent.current === key) return;
    sent.current = key;
    track(event);
  }, [key, event]);
}
