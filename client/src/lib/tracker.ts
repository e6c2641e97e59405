import { clickstreamEvents, dataLayerEntry, type AnalyticsEvent } from '@domain/analytics';
import { clickstreamPath, eventProblems, type ClickstreamEvent } from '@domain/clickstream';
import { VISITOR_ID_COOKIE, VISITOR_ID_MAX_AGE_SECONDS } from '@domain/constants';
import { productAttribution } from './attribution';
import { readCookie, writeCookie } from './cookies';
import { randomUuid } from './uuid';

/**
 * The tracker's sink (decision 017), loaded once analytics consent is granted (lib/tracking.ts): it sends each
 * event to `window.dataLayer` (spec section 9's analytics events, section 3's item mapping) and to the
 * click-stream collector as beacons, batched.
 */
export interface TrackerContext {
  /** The site id (the collector's appName) and its country. */
  site(): { appName: string; country: string };
  /** The signed-in shopper's e-mail (userInfo.userId), or null. */
  userId(): string | null;
}

/** A batch leaves after this long, or at this many events, or when the page is hidden. */
export const BEACON_DELAY_MS = 1000;
export const BEACON_BATCH = 20;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The visitor id (spec section 9): a random UUID per browser, cookie for 30 days, path /. */
export function visitorId(): string {
  const known = readCookie(VISITOR_ID_COOKIE);
  if (known && UUID.test(known)) return known;
  const id = randomUuid();
  writeCookie(VISITOR_ID_COOKIE, id, { maxAgeSeconds: VISITOR_ID_MAX_AGE_SECONDS, path: '/' });
  return id;
}

export interface Tracker {
  sink(event: AnalyticsEvent): void;
  /** Sends what is queued now (the page is hidden or left). */
  flush(): void;
  /** Consent withdrawn: drops what is queued. */
  forget(): void;
}

export function createTracker(context: TrackerContext): Tracker {
  let queue: ClickstreamEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ipLookup: Promise<string | null> | null = null;
  let knownIp: string | null = null;

  // The client's address for userInfo (spec section 7); a failure is ignored.
  const lookUpIp = () =>
    (ipLookup ??= fetch('/api/ip-address/get-ip-address', { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ ip?: unknown }>) : null))
      .then((body) => (typeof body?.ip === 'string' ? (knownIp = body.ip) : null))
      .catch(() => null));

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const { appName, country } = context.site();
    const events = queue.map((e) =>
      knownIp && e.userInfo && !e.userInfo.ipAddress
        ? { ...e, userInfo: { ...e.userInfo, ipAddress: knownIp } }
        : e,
    );
    queue = [];
    const body = JSON.stringify({ events });
    const path = clickstreamPath(appName, country);
    // A beacon survives navigation and never delays the page; a string body goes as text/plain.
    if (!navigator.sendBeacon?.(path, body)) {
      void fetch(path, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'text/plain' },
      }).catch(() => undefined);
    }
  };

  const schedule = () => {
    if (queue.length >= BEACON_BATCH) return flush();
    // The address lookup started with consent: by the time a batch leaves it has usually answered.
    timer ??= setTimeout(flush, BEACON_DELAY_MS);
  };

  const sink = (event: AnalyticsEvent) => {
    const entry = dataLayerEntry(event);
    if (entry) (window.dataLayer ??= []).push(entry);
    const userId = context.userId();
    const built = clickstreamEvents(event, {
      visitorId: visitorId(),
      eventTime: new Date().toISOString(),
      uri: window.location.href,
      referrerUri: document.referrer,
      userInfo: {
        ...(userId ? { userId } : {}),
        ...(knownIp ? { ipAddress: knownIp } : {}),
        userAgent: navigator.userAgent,
        directUserRequest: false,
      },
      attributionToken: productAttribution.get(),
    });
    for (const e of built) if (eventProblems(e).length === 0) queue.push(e);
    if (event.type === 'checkout' && event.step === 'checkout completed') productAttribution.clear();
    if (built.length) schedule();
  };

  // The client's address for userInfo: asked for as soon as consent allows tracking.
  void lookUpIp();
  return {
    sink,
    flush,
    forget: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
}
