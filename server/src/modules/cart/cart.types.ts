import { GraphQLJSON } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PriceTierGql } from '../catalog';

@ObjectType('LineConfiguration', { description: 'A configuration of a cart line: option, value, unit price' })
export class LineConfigurationGql {
  @Field(() => ID, { description: 'The product configuration option' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'The option (Cut Length); null when it is gone' })
  name!: string | null;

  @Field(() => String, { nullable: true })
  unit!: string | null;

  @Field(() => Float)
  value!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'Price per unit of value; null when the option is gone',
  })
  price!: number | null;

  @Field(() => String, { nullable: true })
  type!: string | null;

  @Field(() => String, { nullable: true })
  metadata!: string | null;
}

@ObjectType('CartLine', { description: 'A cart line (spec: Order line), priced for the caller when read' })
export class CartLineGql {
  @Field(() => ID)
  cartLineId!: string;

  @Field(() => ID)
  cartId!: string;

  @Field(() => ID, { description: 'The product (part number)' })
  itemId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Float, { nullable: true, description: 'Unit price; null: sold on quotation' })
  price!: number | null;

  @Field(() => Float, { nullable: true })
  basePrice!: number | null;

  @Field(() => Float, { nullable: true })
  marketPrice!: number | null;

  @Field(() => Float)
  lineTotal!: number;

  @Field(() => String, { nullable: true })
  manufacturerPartNumber!: string | null;

  @Field(() => Int)
  minimumPurchaseQuantity!: number;

  @Field(() => Int)
  minTransfer!: number;

  @Field(() => Int, {
    nullable: true,
    description: "The most one order may take of the line's part; null: no maximum.",
  })
  maxOrderQuantity!: number | null;

  @Field(() => String)
  unitOfMeasure!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String, { nullable: true })
  image!: string | null;

  @Field(() => Boolean)
  inStock!: boolean;

  @Field(() => String)
  dateAdded!: string;

  @Field(() => [String])
  allowedStates!: string[];

  @Field(() => [LineConfigurationGql])
  configurations!: LineConfigurationGql[];

  @Field(() => [PriceTierGql], {
    description: "This line's quantity tiers (its configuration's); empty: on quotation",
  })
  priceTiers!: PriceTierGql[];

  @Field(() => PriceTierGql, {
    nullable: true,
    description: "The tier the line's quantity reaches: its price",
  })
  tier!: PriceTierGql | null;

  /** The product's category (not in the schema): `categories` is resolved from it. */
  categoryId!: string | null;

  @Field(() => Float, { description: "The promotions' share of the line (decision 079); 0 without one" })
  discount!: number;

  @Field(() => Float, { description: 'What the line costs after its promotions: lineTotal − discount' })
  netLineTotal!: number;

  @Field(() => String, {
    description: 'Which offer priced the line: catalogue, siteList, priceList (a contract list) or quote',
  })
  priceSource!: string;

  @Field(() => String, { nullable: true, description: 'The price list that priced it, when one did' })
  priceListId!: string | null;

  @Field(() => String, { nullable: true, description: "The product's brand (promotions name brands)" })
  brandId!: string | null;

  @Field(() => String, { nullable: true, description: "The product's category handle, its full path" })
  categoryHandle!: string | null;
}

@ObjectType('AppliedPromotion', { description: 'A promotion applied to a cart or an order (decision 079)' })
export class AppliedPromotionGql {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: 'The code that reached it; null for an automatic one' })
  code!: string | null;

  @Field(() => Float, { description: 'Taken off the goods' })
  amount!: number;

  @Field(() => Float, { description: 'Taken off the freight' })
  freightAmount!: number;
}

@ObjectType('CartCode', { description: 'A code kept on the cart' })
export class CartCodeGql {
  @Field(() => String, { description: 'Upper-cased' })
  code!: string;

  @Field(() => Boolean, { description: 'It takes its promotion now' })
  applied!: boolean;

  @Field(() => Boolean, { description: "A visitor's: checked against the e-mail when the order is placed" })
  pending!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'Why it does not apply now: unknown, expired, notYetValid, notForCart, minimum, usedUp, notForAccount, notForEmail, notCombinable or quote',
  })
  reason!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The reason in words (English; the shop translates it)',
  })
  message!: string | null;
}

@ObjectType('TaxLine', { description: 'One tax on a cart or an order (decision 033)' })
export class TaxLineGql {
  @Field(() => String, { description: 'SALES (a US state), GST, HST, PST or QST' })
  kind!: string;

  @Field(() => Float)
  pct!: number;

  @Field(() => Float)
  amount!: number;
}

@ObjectType('Cart', { description: "The caller's cart (an anonymous visitor's belongs to the session)" })
export class CartGql {
  @Field(() => ID, { description: 'The cart; -1 while the visitor has none (spec: Cart id default -1)' })
  id!: string;

  @Field(() => ID, { description: 'The same as id' })
  cartId!: string;

  @Field(() => Int, {
    description:
      "Bumped by every change to the cart's lines, an order taking them included; 0 while the visitor has none. " +
      'A copy of the lines kept in a browser that saw an older revision gives way to these lines (decision 055)',
  })
  revision!: number;

  @Field(() => String, {
    description: 'The tax area: 9 digits, the state FIPS or province code then zeros; empty until known',
  })
  taid!: string;

  @Field(() => Float, {
    description: "The payment intent's amount; 0: the store makes the intent for the order at Place order",
  })
  intentAmount!: number;

  @Field(() => String, { description: "The payment provider's setup intent for the cart; empty when none" })
  setupIntentId!: string;

  @Field(() => String, { description: "The payment provider's payment intent for the cart; empty when none" })
  paymentIntentId!: string;

  @Field(() => String, { description: "The intent's client secret, the caller's own only; empty when none" })
  clientSecret!: string;

  @Field(() => ID, { description: 'The user who made the cart; -1 for a visitor' })
  createdById!: string;

  @Field(() => ID, { description: 'The user who last changed the cart; -1 for a visitor' })
  updatedById!: string;

  @Field(() => ID, { description: "The buyer's business account; -1 without one" })
  customerId!: string;

  @Field(() => Int, { description: 'Record validity: 0 Valid, 1 Locked, 2 Expired, 3 Pending' })
  statusId!: number;

  @Field(() => String)
  currencyCode!: string;

  @Field(() => String)
  note!: string;

  @Field(() => [CartLineGql])
  orderLines!: CartLineGql[];

  @Field(() => Float)
  subTotal!: number;

  @Field(() => Float, { description: 'The freight charged: the freight table less freightDiscount' })
  freightAmt!: number;

  @Field(() => Float, {
    description:
      "Promotions' discount on the goods: total = subTotal − discountTotal + freightAmt + taxAmount",
  })
  discountTotal!: number;

  @Field(() => Float, { description: "Promotions' discount on the freight" })
  freightDiscount!: number;

  @Field(() => [AppliedPromotionGql], { description: 'The promotions applied, in the order applied' })
  promotions!: AppliedPromotionGql[];

  @Field(() => [CartCodeGql], { description: 'The codes kept on the cart, applying or not' })
  codes!: CartCodeGql[];

  @Field(() => GraphQLJSON, {
    description:
      "The promotions the cart's preview runs on a quantity change (domain/promotions.ts previewRules): decided for this buyer, without other customers' data",
  })
  promotionRules!: unknown;

  @Field(() => String, { description: 'The freight table rule that applied' })
  freightRule!: string;

  @Field(() => Float)
  taxPct!: number;

  @Field(() => Float)
  taxAmount!: number;

  @Field(() => [TaxLineGql], { description: "Each tax: a US state's sales tax, or GST/HST and PST or QST" })
  taxes!: TaxLineGql[];

  @Field(() => String)
  taxGeoCode!: string;

  @Field(() => String, { nullable: true, description: 'The state or province tax was estimated for' })
  taxState!: string | null;

  @Field(() => Float)
  otherCharges!: number;

  @Field(() => Float)
  total!: number;

  @Field(() => Int, { description: 'Sum of line quantities (the header count)' })
  totalQuantity!: number;

  @Field(() => Boolean, { description: 'Some line has no price: it goes to a quote request' })
  hasUnpricedItem!: boolean;

  @Field(() => String, { nullable: true })
  createdDate!: string | null;

  @Field(() => String, { nullable: true })
  updatedDate!: string | null;
}

@InputType('CartConfigurationInput')
export class CartConfigurationInputGql {
  @Field(() => ID)
  productConfigurationId!: string;

  @Field(() => Float)
  value!: number;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => String, { nullable: true })
  metadata?: string | null;
}

@InputType('CartItemInput', { description: 'A line on the wire: itemId, qty, configurations' })
export class CartItemInputGql {
  @Field(() => ID)
  itemId!: string;

  @Field(() => Int)
  qty!: number;

  @Field(() => [CartConfigurationInputGql], { nullable: true })
  configurations?: CartConfigurationInputGql[] | null;
}
