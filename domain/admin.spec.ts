import { type ValidationError } from 'yup';
import {
  adminOrderSchema,
  dateRange,
  editedLine,
  editedTotal,
  mayUse,
  orderNumberFromSearch,
  proposedCharges,
} from './admin';
import { ROLES } from './roles';

const valid = {
  contactEmail: 'buyer@example.com',
  address: { addressLine1: '12 Mill Rd', addressLine2: null, city: 'Mooresville', state: 'NC', zip: '28117' },
  taxAmount: 7.5,
  shippingCharges: 0,
  totalAmount: 132.5,
  erpOrderId: 'ERP-1',
  status: 1,
  lines: [{ id: 'l1', quantity: 1, price: 125, configurations: [] }],
};

const messages = (input: unknown) => {
  try {
    adminOrderSchema.validateSync(input, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as ValidationError).errors;
  }
};

describe('admin order form (spec section 5, verbatim)', () => {
  it('accepts a complete order', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('names every rule with the spec message', () => {
    expect(
      messages({
        ...valid,
        contactEmail: 'nope',
        address: { addressLine1: '', city: ' Mooresville', state: '', zip: '28a17' },
        taxAmount: -1,
        shippingCharges: -2,
        totalAmount: -3,
        erpOrderId: '',
        status: 99,
        lines: [{ id: 'l1', quantity: -1, price: -1, configurations: [{ id: '', price: -1 }] }],
      }),
    ).toEqual(
      expect.arrayContaining([
        'Email must be valid',
        'Address line 1 is a required field',
        'City cannot include leading and trailing spaces',
        'State is a required field',
        'Zip code must be only digits',
        "Tax amount can't be a negative value",
        "Freight can't be a negative value",
        "Total amount can't be a negative value",
        'ERP Order ID is a required field',
        'Status is a required field',
        "Quantity can't be a negative value",
        "Price can't be a negative value",
        'Configuration ID is a required field',
        "Configuration price can't be a negative value",
      ]),
    );
    expect(messages({ ...valid, contactEmail: '', address: { ...valid.address, zip: '' } })).toEqual(
      expect.arrayContaining(['Email is required', 'Zip Code is a required field']),
    );
  });

  it('allows a zero quantity (a line taken off the order) and zero prices', () => {
    expect(messages({ ...valid, lines: [{ id: 'l1', quantity: 0, price: 0, configurations: [] }] })).toEqual(
      [],
    );
  });
});

describe('edited totals', () => {
  const plain = { minimumPurchaseQuantity: 1, minTransfer: 1, configurationValues: {} };

  it('prices a plain line as unit price x quantity', () => {
    expect(editedLine({ quantity: 3, price: 19.99, configurations: [] }, plain)).toEqual({
      unitPrice: 19.99,
      lineTotal: 59.97,
    });
  });

  it('prices a configured line from its base price and the configuration prices (values as ordered)', () => {
    const facts = { ...plain, configurationValues: { cut: 500 } };
    expect(
      editedLine({ quantity: 2, price: 4, configurations: [{ id: 'cut', price: 0.012 }] }, facts),
    ).toEqual({
      unitPrice: 10,
      lineTotal: 20,
    });
  });

  it('multiplies by the pack when minTransfer > 1', () => {
    const facts = { minimumPurchaseQuantity: 10, minTransfer: 10, configurationValues: {} };
    expect(editedLine({ quantity: 2, price: 1.5, configurations: [] }, facts).lineTotal).toBe(30);
  });

  it('proposes freight from the table and tax at the order rate; total is their sum', () => {
    const charges = proposedCharges(100, { country: 'US', taxes: [{ kind: 'SALES', pct: 7.25 }] });
    expect(charges.taxAmount).toBe(7.25);
    // A Canadian order: its freight table, and each tax on the freight too (Ontario's HST 13 % of 100 + 14).
    expect(proposedCharges(100, { country: 'CA', taxes: [{ kind: 'HST', pct: 13 }] })).toEqual({
      shippingCharges: 14,
      taxAmount: 14.82,
    });
    expect(editedTotal(100, charges.shippingCharges, charges.taxAmount)).toBe(
      Math.round((100 + charges.shippingCharges + 7.25) * 100) / 100,
    );
  });
});

describe('console access', () => {
  it('lets every staff role work orders but only Admin change roles', () => {
    expect(mayUse(ROLES.CustomerService, 'editOrders')).toBe(true);
    expect(mayUse(ROLES.CustomerService, 'manageUsers')).toBe(false);
    expect(mayUse(ROLES.Admin, 'manageUsers')).toBe(true);
    expect(mayUse(ROLES.Customer, 'orders')).toBe(false);
    expect(mayUse(null, 'dashboard')).toBe(false);
  });
});

describe('dashboard date ranges', () => {
  // Wednesday 2026-11-18, 15:00 local time.
  const now = new Date(2026, 10, 18, 15);

  it('starts weeks on Monday and includes today', () => {
    expect(dateRange('thisWeek', now)).toEqual({ from: new Date(2026, 10, 16), to: new Date(2026, 10, 19) });
    expect(dateRange('lastWeek', now)).toEqual({ from: new Date(2026, 10, 9), to: new Date(2026, 10, 16) });
  });

  it('covers whole calendar months', () => {
    expect(dateRange('thisMonth', now)).toEqual({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 19) });
    expect(dateRange('lastMonth', now)).toEqual({ from: new Date(2026, 9, 1), to: new Date(2026, 10, 1) });
  });

  it('treats Sunday as the last day of its week', () => {
    expect(dateRange('thisWeek', new Date(2026, 10, 22, 9)).from).toEqual(new Date(2026, 10, 16));
  });
});

describe('orders table search', () => {
  it('reads order numbers with or without the AXL- prefix', () => {
    expect(orderNumberFromSearch('AXL-1042')).toBe('1042');
    expect(orderNumberFromSearch('axl1042')).toBe('1042');
    expect(orderNumberFromSearch(' 001042 ')).toBe('1042');
    expect(orderNumberFromSearch('buyer@example.com')).toBeNull();
  });
});
