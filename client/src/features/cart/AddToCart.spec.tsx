import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import { QuantityAddToCart } from './AddToCart';

/** Decision 063: the buyer reads the line rules of domain/cart-line.ts next to the quantity, before anything is sent. */
const product = {
  id: 'HFS5-2020',
  name: 'T-slot 2020',
  price: 12,
  basePrice: null,
  minimumPurchaseQuantity: 1,
  minTransfer: 1,
  maxOrderQuantity: 5,
  unitOfMeasure: 'EA',
  priceOffers: [],
  priceTiers: [],
  configurationOptions: [],
} as const;

describe('Add to cart', () => {
  it('says the maximum per order next to the quantity and does not add past it', () => {
    renderRoute(<QuantityAddToCart product={{ ...product }} />);
    const quantity = screen.getByLabelText('Quantity');
    fireEvent.change(quantity, { target: { value: '6' } });
    expect(screen.getByText('You can order at most 5 of HFS5-2020 in one order.')).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(quantity, { target: { value: '5' } });
    expect(screen.queryByText(/at most 5/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(false);
  });
});
