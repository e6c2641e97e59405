import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  decodeConsent,
  defaultConsent,
  encodeConsent,
  type ConsentValue,
  type Region,
} from '@domain/consent';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

/**
 * The shopper's analytics consent (spec section 9, decision 017): their choice from the `consent` cookie, else
 * the default — denied, or the region's default when the site has the test flag on. The region is the one the
 * shopper picked, else their primary address's.
 */
export interface ConsentSnapshot {
  analytics: ConsentValue;
  /** False until the shopper chose: the banner asks. */
  chosen: boolean;
  region: Region | null;
}

let settings: { regionDefaults: boolean; addressRegion: Region | null } = {
  regionDefaults: false,
  addressRegion: null,
};
const listeners = new Set<() => void>();
let cached: { key: string; snapshot: ConsentSnapshot } | null = null;

export function consentSnapshot(): ConsentSnapshot {
  const raw = readCookie(CONSENT_COOKIE) ?? '';
  const key = `${raw}|${settings.regionDefaults}|${JSON.stringify(settings.addressRegion)}`;
  if (cached?.key === key) return cached.snapshot;
  const choice = decodeConsent(raw);
  const snapshot: ConsentSnapshot = choice
    ? { analytics: choice.analytics, chosen: true, region: choice.region ?? settings.addressRegion }
    : {
        analytics: defaultConsent(settings.addressRegion, settings.regionDefaults),
        chosen: false,
        region: settings.addressRegion,
      };
  cached = { key, snapshot };
  return snapshot;
}

const notify = () => listeners.forEach((listener) => listener());

/** What the page learnt: the site's test flag, the signed-in shopper's address region. */
export function configureConsent(next: Partial<typeof settings>): void {
  const merged = { ...settings, ...next };
  if (JSON.stringify(merged) === JSON.stringify(settings)) return;
  settings = merged;
  notify();
}

/** Stores the shopper's choice (and region) for 180 days; it can be changed at any time. */
export function chooseConsent(
  analytics: ConsentValue,
  region: Region | null = consentSnapshot().region,
): void {
  writeCookie(CONSENT_COOKIE, encodeConsent({ analytics, region, at: new Date().toISOString() }), {
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
  });
  notify();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsent(): ConsentSnapshot {
  // On the server too: the snapshot reads the cookies of the request being rendered.
  return useSyncExternalStore(subscribeConsent, consentSnapshot, consentSnapshot);
}
