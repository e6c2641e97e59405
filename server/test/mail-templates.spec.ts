import { describe, expect, it } from '@jest/globals';
import { LOCALES } from '../../domain/constants';
import { render, type Message, type MessageKind } from '../src/modules/mail/templates';

const order = {
  label: 'AXL-100123',
  url: 'https://shop.example/user/account/orders/1',
  lines: '2 x Rail (MGN12H)  84.00',
};
const total = { value: 1234.5, currency: 'usd' };

/** One message of every kind (the type makes sure none is left out). */
const SAMPLES: { [K in MessageKind]: Extract<Message, { kind: K }> } = {
  'company-invitation': {
    kind: 'company-invitation',
    company: 'Northwind Fabrication',
    invitedBy: 'Dana Reyes',
    role: 'Approver',
    url: 'https://shop.example/company/join?token=T',
  },
  'account-exists': {
    kind: 'account-exists',
    email: 'dana@plant.example',
    signInUrl: 'https://shop.example/user/login',
    forgotUrl: 'https://shop.example/user/forgot-password',
  },
  registration: {
    kind: 'registration',
    firstName: 'Dana',
    url: 'https://shop.example/user/register?token=T',
  },
  'password-reset': {
    kind: 'password-reset',
    firstName: 'Dana',
    url: 'https://shop.example/user/reset-password?token=T',
  },
  'password-reset-all': {
    kind: 'password-reset-all',
    firstName: 'Dana',
    url: 'https://shop.example/user/reset-password?token=T',
  },
  'order-confirmation': { kind: 'order-confirmation', ...order, status: 18, total },
  'order-payment-failed': {
    kind: 'order-payment-failed',
    ...order,
    total,
    reason: 'declined',
    cancelOn: new Date('2026-12-02T15:00:00Z'),
  },
  'order-cancelled': {
    kind: 'order-cancelled',
    ...order,
    by: 'customer',
    money: { kind: 'refunded', amount: total },
  },
  'order-shipped': {
    kind: 'order-shipped',
    label: order.label,
    url: order.url,
    complete: true,
    carrier: 'UPS',
    trackingNumber: '1Z999',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
    items: '2 x Rail (MGN12H)',
  },
  'return-requested': { kind: 'return-requested', label: order.label },
  'return-approved': { kind: 'return-approved', rma: 'RMA-100123-1', note: 'Use the original box.' },
  'return-rejected': { kind: 'return-rejected', label: order.label, note: '' },
  'return-shipped': { kind: 'return-shipped', reference: 'RMA-100123-1' },
  'return-processing': { kind: 'return-processing', reference: 'RMA-100123-1' },
  'return-completed': { kind: 'return-completed', reference: 'RMA-100123-1', amount: total, to: 'card' },
  'back-in-stock': {
    kind: 'back-in-stock',
    name: 'SFU1605 Ball Screw, 500 mm',
    partNumber: 'SFU1605-500',
    url: 'https://shop.example/product/detail/SFU1605-500',
  },
  'back-in-stock-confirm': {
    kind: 'back-in-stock-confirm',
    name: 'SFU1605 Ball Screw, 500 mm',
    partNumber: 'SFU1605-500',
    url: 'https://shop.example/api/product/itemNotification/confirm?item=SFU1605-500&token=T',
    days: 7,
  },
  'form-received': {
    kind: 'form-received',
    form: 'quote',
    reference: 'Q-1001',
    phone: '1-800-555-0142',
    url: 'https://shop.example/user/account/quotes/q-1',
  },
  'approval-requested': {
    kind: 'approval-requested',
    company: 'Northwind Fabrication',
    buyer: 'Sam Buyer',
    label: order.label,
    total,
    reason: 'month',
    limit: { value: 2000, currency: 'usd' },
    url: 'https://shop.example/user/account/company/approvals',
  },
  'order-approved': {
    kind: 'order-approved',
    ...order,
    by: 'Dana Reyes',
    note: 'OK for line 4.',
    total,
    next: 'pay',
  },
  'order-rejected': { kind: 'order-rejected', ...order, by: 'Dana Reyes', note: 'Use the stock in bay 2.' },
  'company-application-decided': {
    kind: 'company-application-decided',
    approved: false,
    company: 'Northwind Fabrication',
    note: 'Send the resale certificate, not the invoice.',
    url: 'https://shop.example/user/account/company',
  },
  'quote-sent': {
    kind: 'quote-sent',
    number: 'Q-100001',
    total: { value: 4312.5, currency: 'usd' },
    expiresOn: new Date('2026-12-31T17:00:00Z'),
    leadTimeDays: 12,
    note: 'Anodized in one lot.',
    url: 'https://shop.example/user/account/quotes/00000000-0000-4000-8000-000000000000',
  },
  'quote-message': {
    kind: 'quote-message',
    number: 'Q-100003',
    from: 'Axisline Supply',
    body: 'Can you take 450 instead of 400?',
    url: 'https://shop.example/user/account/quotes/00000000-0000-4000-8000-000000000000',
  },
  'quote-declined': {
    kind: 'quote-declined',
    number: 'Q-100002',
    note: 'We do not machine titanium.',
    url: 'https://shop.example/user/account/quotes/00000000-0000-4000-8000-000000000000',
  },
  'webhook-disabled': {
    kind: 'webhook-disabled',
    endpoint: 'https://erp.plant.example/hooks/axisline',
    since: new Date('2026-11-28T09:00:00Z'),
    lastError: 'HTTP 503',
    days: 5,
    url: 'https://shop.example/admin/integrations',
  },
};

const urlsOf = (m: object) =>
  Object.values(m).filter((v): v is string => typeof v === 'string' && v.startsWith('https://'));

describe('e-mail templates (issue 29, item 4)', () => {
  it.each(Object.keys(SAMPLES) as MessageKind[])(
    '%s: written in each language, every fact and link in it',
    (kind) => {
      const message = SAMPLES[kind];
      const english = render(message, 'en-US');
      for (const locale of LOCALES) {
        const { subject, text } = render(message, locale);
        expect(subject.length).toBeGreaterThan(10);
        expect(`${subject}\n${text}`).not.toMatch(/undefined|null|NaN|\[object|\$\{/);
        for (const url of urlsOf(message)) expect(text).toContain(url);
        if (locale !== 'en-US') {
          expect(subject).not.toBe(english.subject);
          expect(text).not.toBe(english.text);
        }
      }
    },
  );

  it('writes amounts, days and statuses the way each language does', () => {
    const confirmation = SAMPLES['order-confirmation'];
    expect(render(confirmation, 'en-US').text).toContain('(Payment Received)');
    expect(render(confirmation, 'en-US').text).toContain('Total: $1,234.50');
    expect(render(confirmation, 'fr-CA').text).toMatch(/Total : 1\s234,50\s\$\sUS/);
    expect(render(confirmation, 'fr-CA').text).toContain('(Paiement reçu)');
    const failed = SAMPLES['order-payment-failed'];
    expect(render(failed, 'en-US').text).toContain('until Wednesday, December 2, 2026');
    expect(render(failed, 'fr-CA').text).toContain('jusqu’au mercredi 2 décembre 2026');
    expect(render(failed, 'es-MX').text).toContain('Su tarjeta fue rechazada.');
  });
});
