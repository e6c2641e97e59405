import type { AnalyticsEvent } from '@domain/analytics';
import { VISITOR_ID_COOKIE } from '@domain/constants';
import { connectAnalytics } from './analytics';
import { consentSnapshot, subscribeConsent } from './consent';
import { writeCookie } from './cookies';
import type { Tracker, TrackerContext } from './tracker';

export type { TrackerContext };

/**
 * The tracker's gate (decision 017): while analytics consent is granted, events go to the tracker
 * (lib/tracker.ts: the data layer and the click-stream collector). Without consent no sink is connected: nothing
 * is built, stored or sent, and no visitor id is set; the tracker's code is not even loaded, so a visitor who
 * never consents never downloads it. Events reported while it loads are kept and sent in order.
 */
export function startTracking(context: TrackerContext): () => void {
  let tracker: Tracker | null = null;
  let loading: Promise<void> | null = null;
  let waiting: AnalyticsEvent[] = [];
  let applied: string | null = null;
  const granted = () => applied === 'granted';

  const load = () =>
    (loading ??= import('./tracker').then(
      ({ createTracker }) => {
        tracker = createTracker(context);
        const early = waiting;
        waiting = [];
        if (granted()) early.forEach(tracker.sink);
      },
      () => {
        loading = null; // tried again at the next grant
        waiting = [];
      },
    ));

  const flush = () => tracker?.flush();
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const apply = () => {
    const analytics = consentSnapshot().analytics;
    if (analytics === applied) return;
    const wasGranted = granted();
    applied = analytics;
    if (granted()) {
      connectAnalytics((event) => (tracker ? tracker.sink(event) : waiting.push(event)));
      void load();
    } else {
      connectAnalytics(null);
      waiting = [];
      tracker?.forget();
      // A withdrawn consent forgets the visitor id too.
      if (wasGranted) writeCookie(VISITOR_ID_COOKIE, '', { maxAgeSeconds: 0 });
    }
    // Consent mode for a tag manager reading the data layer (the state only, nothing about the shopper).
    (window.dataLayer ??= []).push({ event: 'consent_update', analytics_storage: analytics });
  };
  apply();
  const unsubscribe = subscribeConsent(apply);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    flush();
    unsubscribe();
    connectAnalytics(null);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
