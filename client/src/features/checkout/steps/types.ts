import type { Card } from '../../payments';

/** The address step's values: the shipping address and, for a guest, the order's contact e-mail. */
export interface AddressValues {
  contactEmail: string;
  name: string;
  companyName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
  isResidential: boolean;
}

/** The shipping step's values: the carrier, its method and a note for the warehouse. */
export interface ShippingValues {
  carrierId: string;
  carrierMethod: string;
  note: string;
}

/**
 * The payment step's choice: a card's payment method from the provider (a new card may be saved once it
 * authorises), or a purchase order number.
 */
export type PaymentChoice =
  { kind: 'card'; card: Card; save: boolean } | { kind: 'purchaseOrder'; poNumber: string };
