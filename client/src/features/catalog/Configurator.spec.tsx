import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import { Configurator } from './Configurator';

/** Decision 063: the Configurator's quantity is the cart line's (domain/cart-line.ts), packs included. */
const packs = {
  id: 'TN-M5',
  name: 'T-nut M5',
  price: 12,
  basePrice: null,
  minimumPurchaseQuantity: 100,
  minTransfer: 2,
  maxOrderQuantity: null,
  unitOfMeasure: 'EA',
  priceOffers: [],
  priceTiers: [],
  configurationOptions: [],
  stock: null,
};

describe('the Configurator', () => {
  it('counts packs for a part sold in packs: from 1 pack, not from the pack size', () => {
    renderRoute(<Configurator product={packs as never} />);
    const quantity = screen.getByLabelText('Packs') as HTMLInputElement;
    expect(quantity.value).toBe('1');
    expect(quantity.getAttribute('aria-invalid')).toBe('false');
  });
});
