import { describe, expect, it } from '@jest/globals';
import { ValidationError, type AnySchema } from 'yup';
import { addressSchema, profileSchema, registrationAccountSchema } from './account.schema';
import { adminOrderSchema, apiKeySchema } from './admin';
import { cartItemsSchema } from './cart.schema';
import {
  paymentSchema,
  purchaseOrderSchema,
  shippingAddressSchemaFor,
  shippingDetailsSchema,
} from './checkout.schema';
import {
  applicationDeclineSchema,
  approvalDecisionSchema,
  companyAddressSchema,
  companyApplicationSchema,
  companyRecordSchema,
  termsPaymentSchema,
  userCompanySchema,
} from './company';
import { contactSchema, quoteSchema, serviceRequestSchema } from './forms.schema';
import { quoteAnswerSchema, quoteDeclineSchema, quoteMessageSchema, quoteRequestSchema } from './quotes';
import { returnDecisionSchema, returnRequestSchema } from './returns';
import { quickOrderSchema, savedListSchema } from './saved-lists';
import { stockAdjustmentSchema } from './stock.schema';
import { isOneLine, isPlainText, ONE_LINE_MESSAGE, PLAIN_TEXT_MESSAGE } from './text.schema';

/** The messages a schema gives the field at `path` when it holds `value` (the rest of `valid` as it is). */
function messagesAt(
  schema: AnySchema,
  valid: Record<string, unknown>,
  path: string,
  value: string,
): string[] {
  const input = structuredClone(valid);
  const keys = path.split('.');
  let at: Record<string, unknown> = input;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  try {
    schema.validateSync(input, { abortEarly: false });
    return [];
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return err.inner.filter((e) => e.path?.replace(/\[(\d+)\]/g, '.$1') === path).map((e) => e.message);
  }
}

const FORGED = 'Acme Corp\nERP account number: C10042';
const UUID = '00000000-0000-4000-8000-000000000001';

const address = {
  name: 'Dock 4',
  addressLine1: '1200 Industrial Park Dr',
  addressLine2: 'Suite 5',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  email: 'dock@b.example',
};

/** Every one-line field a person writes and someone else reads, with a valid input around it. */
const ONE_LINE_FIELDS: [string, AnySchema, Record<string, unknown>, string[]][] = [
  [
    'registration',
    registrationAccountSchema,
    { email: 'a@b.example', firstName: 'Ada', lastName: 'Byron', termsAccepted: true, erpAccountId: 'C1' },
    ['firstName', 'lastName', 'erpAccountId'],
  ],
  ['profile', profileSchema, { firstName: 'Ada', lastName: 'Byron' }, ['firstName', 'lastName']],
  ['saved address', addressSchema, address, ['name', 'addressLine1', 'addressLine2', 'city']],
  [
    'shipping address',
    shippingAddressSchemaFor('US'),
    { ...address, companyName: 'Acme' },
    ['name', 'addressLine1', 'addressLine2', 'city', 'companyName'],
  ],
  [
    'company location',
    companyAddressSchema,
    { ...address, label: 'Main plant' },
    ['label', 'name', 'addressLine1', 'city'],
  ],
  [
    'company application',
    companyApplicationSchema,
    { name: 'Acme', erpAccountId: 'C1', taxCertificate: 'TX-1' },
    ['name', 'erpAccountId', 'taxCertificate'],
  ],
  [
    'company record',
    companyRecordSchema,
    { name: 'Acme', erpAccountId: 'C1', taxCertificate: 'TX-1', priceListId: 'L1' },
    ['name', 'erpAccountId', 'taxCertificate', 'priceListId'],
  ],
  [
    'customer attached to a company',
    userCompanySchema,
    { userId: UUID, erpAccountId: 'C1', company: 'Acme' },
    ['erpAccountId', 'company'],
  ],
  [
    'terms payment',
    termsPaymentSchema,
    { amount: 10, paidOn: '2026-01-02', reference: 'CHQ 1' },
    ['reference'],
  ],
  ['purchase order', purchaseOrderSchema, { poNumber: 'PO-1' }, ['poNumber']],
  ['payment', paymentSchema, { kind: 'purchaseOrder', poNumber: 'PO-1' }, ['poNumber']],
  ['saved list', savedListSchema, { name: 'Spares', description: 'Shop floor' }, ['name', 'description']],
  [
    'contact form',
    contactSchema(),
    {
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'a@b.example',
      state: 'NC',
      city: 'Mooresville',
      comments: 'Hello',
      requestTypes: ['other'],
    },
    ['firstName', 'lastName', 'state', 'city'],
  ],
  [
    'quote form',
    quoteSchema,
    { item: 'SFU1605', firstName: 'Ada', lastName: 'Byron', email: 'a@b.example', company: 'Acme' },
    ['firstName', 'lastName', 'company'],
  ],
  [
    'service request',
    serviceRequestSchema,
    {
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'a@b.example',
      company: 'Acme',
      service: 'design',
      description: 'A frame',
    },
    ['firstName', 'lastName', 'company'],
  ],
  [
    'quote answer',
    quoteAnswerSchema,
    { lines: [{ lineNo: 1, unitPrice: 1, itemId: 'CUSTOM-1' }], freight: 0, leadTimeDays: 1, expiresOn: '' },
    ['lines.0.itemId'],
  ],
  ['API key', apiKeySchema, { userId: UUID, name: 'ERP feed', scopes: ['catalog:read'] }, ['name']],
  [
    'order edited by staff',
    adminOrderSchema,
    {
      contactEmail: 'buyer@example.com',
      address: {
        addressLine1: '12 Mill Rd',
        addressLine2: 'Unit 2',
        city: 'Mooresville',
        state: 'NC',
        zip: '28117',
      },
      taxAmount: 0,
      shippingCharges: 0,
      totalAmount: 1,
      erpOrderId: 'ERP-1',
      status: 1,
      lines: [{ id: 'l1', quantity: 1, price: 1, configurations: [] }],
    },
    ['address.addressLine1', 'address.addressLine2', 'address.city', 'erpOrderId'],
  ],
  [
    'stock adjustment',
    stockAdjustmentSchema,
    { levels: [{ warehouseId: 'NC', onHand: 1 }], reason: 'Count' },
    ['reason'],
  ],
  [
    'cart line',
    cartItemsSchema,
    {
      items: [
        {
          itemId: 'SFU1605',
          qty: 1,
          configurations: [{ productConfigurationId: 'len', value: 1, metadata: '1x2' }],
        },
      ],
    },
    ['items.0.itemId', 'items.0.configurations.0.metadata'],
  ],
];

/** Every multi-line field: line breaks and tabs are kept, hidden controls refused. */
const TEXT_FIELDS: [string, AnySchema, Record<string, unknown>, string][] = [
  ['contact comments', contactSchema(), ONE_LINE_FIELDS[12]![2], 'comments'],
  ['quote form comments', quoteSchema, ONE_LINE_FIELDS[13]![2], 'comments'],
  ['quote form item (a text area)', quoteSchema, ONE_LINE_FIELDS[13]![2], 'item'],
  ['service description', serviceRequestSchema, ONE_LINE_FIELDS[14]![2], 'description'],
  ['quick order', quickOrderSchema, { text: 'SFU1605 2' }, 'text'],
  ['quote request note', quoteRequestSchema, { cartLineIds: [UUID] }, 'note'],
  ['quote answer note', quoteAnswerSchema, ONE_LINE_FIELDS[15]![2], 'note'],
  ['quote decline', quoteDeclineSchema, { note: 'No' }, 'note'],
  ['quote message', quoteMessageSchema, { body: 'Hi' }, 'body'],
  ['approval decision', approvalDecisionSchema, { approve: false, note: 'No' }, 'note'],
  ['application decline', applicationDeclineSchema, { note: 'No' }, 'note'],
  ['shipping note', shippingDetailsSchema, { carrierId: 'ups', carrierMethod: 'ground' }, 'note'],
  [
    'return comment',
    returnRequestSchema,
    { orderId: UUID, reason: 'damaged', items: [{ id: UUID, quantity: 1 }] },
    'comment',
  ],
  ['return decision', returnDecisionSchema, { decision: 'approve' }, 'note'],
];

describe('one line of visible text', () => {
  it('refuses CR, LF, tab, the other C0 and C1 controls, DEL, bidi controls and line separators', () => {
    for (const c of ['\r', '\n', '\t', '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b']) {
      expect(isOneLine(`Acme${c}Corp`)).toBe(false);
    }
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(isOneLine(`Acme${c}Corp`)).toBe(false);
    }
    for (const c of ['\u200e', '\u200f', '\u061c', '\u2028', '\u2029'])
      expect(isOneLine(`Acme${c}Corp`)).toBe(false);
  });

  it('keeps every written script, accents, typographic punctuation and emoji', () => {
    for (const name of [
      'Zoë Ćosić-Łukasiewicz',
      'Société Générale (Québec) — Atelier nº 4',
      'محمد الأحمد',
      '山田 太郎',
      'O’Brien & Sons 🔧',
      'شرکت\u200cها',
    ]) {
      expect(isOneLine(name)).toBe(true);
    }
    expect(isOneLine(null)).toBe(true);
    expect(isOneLine(undefined)).toBe(true);
  });

  it('lets plain text keep its lines (LF, CRLF) and tabs but refuses the rest', () => {
    expect(isPlainText('Line 1\r\nLine 2\n\tindented')).toBe(true);
    expect(isPlainText('Pay to \u202egnp.exe')).toBe(false);
    expect(isPlainText('bell\u0007')).toBe(false);
    expect(isPlainText('next\u0085line')).toBe(false);
  });
});

describe.each(ONE_LINE_FIELDS)('%s', (_name, schema, valid, paths) => {
  it('accepts the valid input', () => {
    for (const path of paths) expect(messagesAt(schema, valid, path, valueAt(valid, path))).toEqual([]);
  });

  it.each(paths)('refuses a line break, a tab or a bidi override in %s, next to the field', (path) => {
    // (A two-letter state is also told it is not one.)
    expect(messagesAt(schema, valid, path, FORGED)).toContain(ONE_LINE_MESSAGE);
    expect(messagesAt(schema, valid, path, 'Acme\tCorp')).toContain(ONE_LINE_MESSAGE);
    expect(messagesAt(schema, valid, path, 'Acme\u202eCorp')).toContain(ONE_LINE_MESSAGE);
    expect(messagesAt(schema, valid, path, 'N\nC')).toContain(ONE_LINE_MESSAGE);
  });
});

describe.each(TEXT_FIELDS)('%s', (_name, schema, valid, path) => {
  it('keeps line breaks and tabs, and refuses hidden controls next to the field', () => {
    expect(messagesAt(schema, valid, path, 'SFU1605 2\r\nSFU1605-500\t3')).toEqual([]);
    expect(messagesAt(schema, valid, path, 'SFU1605 2\u202e3')).toEqual([PLAIN_TEXT_MESSAGE]);
    expect(messagesAt(schema, valid, path, 'SFU1605 2\u001b[2J')).toEqual([PLAIN_TEXT_MESSAGE]);
  });
});

function valueAt(valid: Record<string, unknown>, path: string): string {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], valid) as string;
}
