import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { eventProblems, type ClickstreamEvent } from '@domain/clickstream';
import { track } from './analytics';
import { productAttribution } from './attribution';
import { chooseConsent, configureConsent } from './consent';
import { BEACON_DELAY_MS } from './tracker';
import { startTracking } from './tracking';

const clearCookies = () => {
  for (const name of ['consent', 'visitorId']) document.cookie = `${name}=; max-age=0; path=/`;
};
const visitorCookie = () => /(?:^|; )visitorId=([^;]+)/.exec(document.cookie)?.[1];

const screw = { id: 'SFU1605-500', name: 'Ball screw', price: 69.7, quantity: 2, categories: ['Motion'] };

let beacon: jest.Mock<(url: string, body: string) => boolean>;
let stop: () => void;

beforeEach(() => {
  jest.useFakeTimers();
  clearCookies();
  configureConsent({ regionDefaults: false, addressRegion: null });
  window.dataLayer = [];
  beacon = jest.fn<(url: string, body: string) => boolean>(() => true);
  Object.assign(navigator, { sendBeacon: beacon });
  Object.assign(globalThis, {
    fetch: jest.fn(async () => ({ ok: true, json: async () => ({ ip: '203.0.113.5' }) }) as Response),
  });
  stop = startTracking({
    site: () => ({ appName: 'axl', country: 'US' }),
    userId: () => 'buyer@plant.example',
  });
});

afterEach(() => {
  stop();
  productAttribution.clear();
  jest.useRealTimers();
});

const sentEvents = (): ClickstreamEvent[] =>
  beacon.mock.calls.flatMap(([, body]) => (JSON.parse(body) as { events: ClickstreamEvent[] }).events);
const dataLayerEvents = () =>
  (window.dataLayer ?? []).map((e) => (e as { event?: string }).event).filter((e) => e !== 'consent_update');

describe('the tracker', () => {
  it('sends nothing, stores nothing and sets no visitor id before consent', async () => {
    track({ type: 'product-view', item: screw, currency: 'usd' });
    track({ type: 'cart', action: 'add', items: [screw], currency: 'usd' });
    await jest.advanceTimersByTimeAsync(BEACON_DELAY_MS * 3);
    expect(beacon).not.toHaveBeenCalled();
    expect(dataLayerEvents()).toEqual([]);
    expect(visitorCookie()).toBeUndefined();
  });

  it('after consent, batches the events into one beacon to the collector, valid and with userInfo', async () => {
    chooseConsent('granted');
    await jest.advanceTimersByTimeAsync(0);
    productAttribution.set('7d1c7a3e-5b2f-4e8a-9d6c-0f1e2d3c4b5a');
    track({ type: 'product-view', item: screw, currency: 'usd' });
    track({ type: 'cart', action: 'add', items: [screw], currency: 'usd' });
    expect(beacon).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe(
      '/userevents/v1/selling-systems/axl/countries/US/languages/EN/events',
    );
    const events = sentEvents();
    expect(events.map((e) => e.eventType)).toEqual(['detail-page-view', 'add-to-cart']);
    for (const e of events) {
      expect(eventProblems(e)).toEqual([]);
      expect(e.visitorId).toBe(visitorCookie());
      expect(e.attributionToken).toBe('7d1c7a3e-5b2f-4e8a-9d6c-0f1e2d3c4b5a');
      expect(e.userInfo).toMatchObject({
        userId: 'buyer@plant.example',
        ipAddress: '203.0.113.5',
        directUserRequest: false,
      });
    }
    expect(dataLayerEvents()).toEqual(['view_item', 'add_to_cart']);
  });

  it('reports clearing the cart as one remove-from-cart per line, and forgets the token after a purchase', async () => {
    chooseConsent('granted');
    productAttribution.set('7d1c7a3e-5b2f-4e8a-9d6c-0f1e2d3c4b5a');
    track({
      type: 'cart',
      action: 'clear',
      items: [screw, { id: 'HGR15-400', price: 41, quantity: 1 }],
      currency: 'usd',
    });
    track({ type: 'checkout', step: 'checkout completed', value: 139.4, currency: 'usd', orderId: 'o1' });
    await jest.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    expect(sentEvents().map((e) => e.eventType)).toEqual([
      'remove-from-cart',
      'remove-from-cart',
      'purchase-complete',
    ]);
    expect(productAttribution.get()).toBeNull();
  });

  it('stops at once when consent is withdrawn, and forgets the visitor id', async () => {
    chooseConsent('granted');
    track({ type: 'home-view' });
    await jest.advanceTimersByTimeAsync(0); // the tracker's code loads with the consent
    expect(visitorCookie()).toBeDefined();
    chooseConsent('denied');
    track({ type: 'home-view' });
    await jest.advanceTimersByTimeAsync(BEACON_DELAY_MS * 2);
    expect(beacon).not.toHaveBeenCalled();
    expect(visitorCookie()).toBeUndefined();
  });

  it('drops what was reported while its code loaded when consent is withdrawn meanwhile', async () => {
    chooseConsent('granted');
    track({ type: 'home-view' });
    chooseConsent('denied');
    await jest.advanceTimersByTimeAsync(BEACON_DELAY_MS * 2);
    expect(beacon).not.toHaveBeenCalled();
    expect(dataLayerEvents()).toEqual([]);
    expect(visitorCookie()).toBeUndefined();
  });

  it("follows the region's default only with the test flag: Ohio granted, Alabama denied", async () => {
    configureConsent({ regionDefaults: true, addressRegion: { country: 'US', subdivision: 'AL' } });
    track({ type: 'home-view' });
    configureConsent({ regionDefaults: true, addressRegion: { country: 'US', subdivision: 'OH' } });
    track({ type: 'home-view' });
    await jest.advanceTimersByTimeAsync(BEACON_DELAY_MS);
    expect(sentEvents().map((e) => e.eventType)).toEqual(['home-page-view']);
  });
});
