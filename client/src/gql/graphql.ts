export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** The `JSONObject` scalar type represents JSON objects as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSONObject: { input: unknown; output: unknown; }
};

/** With an id: update that address; without: create one */
export type AddressInput = {
  addressLine1: Scalars['String']['input'];
  addressLine2?: InputMaybe<Scalars['String']['input']>;
  city: Scalars['String']['input'];
  email: Scalars['String']['input'];
  id?: InputMaybe<Scalars['ID']['input']>;
  name: Scalars['String']['input'];
  phone?: InputMaybe<Scalars['String']['input']>;
  state: Scalars['String']['input'];
  zip: Scalars['String']['input'];
};

export type AdminOrderAddressInput = {
  addressLine1: Scalars['String']['input'];
  addressLine2?: InputMaybe<Scalars['String']['input']>;
  city: Scalars['String']['input'];
  state: Scalars['String']['input'];
  zip: Scalars['String']['input'];
};

export type AdminOrderConfigurationInput = {
  id: Scalars['ID']['input'];
  price: Scalars['Float']['input'];
};

/** Server-side filters of the orders table */
export type AdminOrderFilterInput = {
  descending?: InputMaybe<Scalars['Boolean']['input']>;
  /** ISO instant, inclusive */
  from?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  /** Order number (AXL-1042), e-mail prefix or ERP order id */
  q?: InputMaybe<Scalars['String']['input']>;
  site?: InputMaybe<Scalars['String']['input']>;
  /** createdAt, orderNumber, total or status */
  sort?: InputMaybe<Scalars['String']['input']>;
  statuses?: InputMaybe<Array<Scalars['Int']['input']>>;
  /** ISO instant, exclusive */
  to?: InputMaybe<Scalars['String']['input']>;
  userId?: InputMaybe<Scalars['ID']['input']>;
};

/** The admin order edit form (spec section 3) */
export type AdminOrderInput = {
  address: AdminOrderAddressInput;
  contactEmail: Scalars['String']['input'];
  erpOrderId: Scalars['String']['input'];
  lines: Array<AdminOrderLineInput>;
  /** Freight */
  shippingCharges: Scalars['Float']['input'];
  status: Scalars['Int']['input'];
  taxAmount: Scalars['Float']['input'];
  /** Must equal subtotal + freight + tax */
  totalAmount: Scalars['Float']['input'];
};

export type AdminOrderLineInput = {
  configurations: Array<AdminOrderConfigurationInput>;
  id: Scalars['ID']['input'];
  /** Unit price; for configured lines the base price */
  price: Scalars['Float']['input'];
  quantity: Scalars['Int']['input'];
};

export type AdminUserFilterInput = {
  locked?: InputMaybe<Scalars['Boolean']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  /** E-mail, name, company or ERP account id */
  q?: InputMaybe<Scalars['String']['input']>;
  roles?: InputMaybe<Array<Scalars['Int']['input']>>;
};

/** Products having any of the values of one spec attribute */
export type AttributeFilter = {
  /** A facet name, e.g. "Profile Size" */
  name: Scalars['String']['input'];
  values: Array<Scalars['String']['input']>;
};

export type CartConfigurationInput = {
  metadata?: InputMaybe<Scalars['String']['input']>;
  productConfigurationId: Scalars['ID']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
  value: Scalars['Float']['input'];
};

/** A line on the wire: itemId, qty, configurations */
export type CartItemInput = {
  configurations?: InputMaybe<Array<CartConfigurationInput>>;
  itemId: Scalars['ID']['input'];
  qty: Scalars['Int']['input'];
};

export type ConfigurationKind =
  | 'CHOICE'
  | 'COUNT'
  | 'LENGTH';

export type OrderListInput = {
  /** ISO date: orders placed from then */
  from?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
  statuses?: InputMaybe<Array<Scalars['Int']['input']>>;
  /** ISO date: orders placed before then */
  to?: InputMaybe<Scalars['String']['input']>;
};

export type PaymentInput = {
  /** card or purchaseOrder */
  kind: Scalars['String']['input'];
  /** The payment provider's payment method (never a card number) */
  paymentMethodId?: InputMaybe<Scalars['String']['input']>;
  poNumber?: InputMaybe<Scalars['String']['input']>;
};

export type PlaceOrderInput = {
  contactEmail: Scalars['String']['input'];
  payment: PaymentInput;
  shippingAddress: ShippingAddressInput;
  shippingDetails: ShippingDetailsInput;
};

/** How the product page offers the item */
export type ProductDisplayKind =
  | 'REGULAR'
  | 'SELECT';

/** What the buyer measures out */
export type ProductMeasureKind =
  | 'AREA'
  | 'LENGTH'
  | 'VARIANTS';

export type ProfileInput = {
  firstName: Scalars['String']['input'];
  lastName: Scalars['String']['input'];
  phone?: InputMaybe<Scalars['String']['input']>;
};

/** Registration step ACCOUNT */
export type RegistrationInput = {
  email: Scalars['String']['input'];
  erpAccountId?: InputMaybe<Scalars['String']['input']>;
  firstName: Scalars['String']['input'];
  lastName: Scalars['String']['input'];
  termsAccepted: Scalars['Boolean']['input'];
};

export type ReturnItemInput = {
  /** The order line */
  id: Scalars['ID']['input'];
  quantity: Scalars['Int']['input'];
};

export type ReturnRequestInput = {
  comment?: InputMaybe<Scalars['String']['input']>;
  items: Array<ReturnItemInput>;
  orderId: Scalars['ID']['input'];
  /** One of the five return reasons */
  reason: Scalars['String']['input'];
};

export type SavedListInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
};

export type SearchFilters = {
  /** Spec attribute facets (AND across names) */
  attributes?: InputMaybe<Array<AttributeFilter>>;
  /** Brand handles */
  brands?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A category handle; its subcategories are included */
  category?: InputMaybe<Scalars['String']['input']>;
  /** Include quote-only products (no price) */
  includeWithoutPrice?: Scalars['Boolean']['input'];
};

export type SearchSort =
  | 'PART_NUMBER'
  | 'PRICE_ASC'
  | 'PRICE_DESC'
  | 'RELEVANCE';

export type ShippingAddressInput = {
  addressLine1: Scalars['String']['input'];
  addressLine2?: InputMaybe<Scalars['String']['input']>;
  city: Scalars['String']['input'];
  companyName?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<Scalars['String']['input']>;
  email: Scalars['String']['input'];
  isResidential?: InputMaybe<Scalars['Boolean']['input']>;
  name: Scalars['String']['input'];
  phone?: InputMaybe<Scalars['String']['input']>;
  state: Scalars['String']['input'];
  zip: Scalars['String']['input'];
};

export type ShippingDetailsInput = {
  carrierId: Scalars['String']['input'];
  carrierMethod: Scalars['String']['input'];
  note?: InputMaybe<Scalars['String']['input']>;
};
