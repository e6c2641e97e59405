import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AppliedPromotionGql, CartGql, TaxLineGql } from '../cart';

@ObjectType('ShippingAddress', { description: 'Where an order ships (spec: ShippingAddress)' })
export class ShippingAddressGql {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field(() => String) addressLine1!: string;
  @Field(() => String, { nullable: true }) addressLine2!: string | null;
  @Field(() => String) city!: string;
  @Field(() => String) state!: string;
  @Field(() => String) zip!: string;
  @Field(() => String) country!: string;
  @Field(() => Boolean) isResidential!: boolean;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String) email!: string;
}

@ObjectType('OrderedConfiguration', { description: 'A configuration as ordered, with the price charged' })
export class OrderedConfigurationGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => String, { nullable: true }) unit!: string | null;
  @Field(() => Float) value!: number;
  @Field(() => Float, { nullable: true }) price!: number | null;
  @Field(() => String, { nullable: true }) metadata!: string | null;
}

@ObjectType('LineFulfilment', { description: 'How much of an order line has shipped and been delivered' })
export class LineFulfilmentGql {
  @Field(() => Int) shipped!: number;
  @Field(() => Int) delivered!: number;
  @Field(() => String, {
    nullable: true,
    description: 'SHIPPED or DELIVERED once the whole quantity is (spec: line item shipment status)',
  })
  status!: string | null;
}

@ObjectType('ShipmentLine', { description: 'A quantity of an order line in a shipment' })
export class ShipmentLineGql {
  @Field(() => ID) lineId!: string;
  @Field(() => Int) quantity!: number;
}

@ObjectType('Shipment', { description: 'A shipment of an order: carrier, tracking number and days' })
export class ShipmentGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'A carrier id of domain/fulfilment.ts SHIPPING_CARRIERS' })
  carrier!: string;
  @Field(() => String) trackingNumber!: string;
  @Field(() => String, { nullable: true, description: "The carrier's tracking page for this number" })
  trackingUrl!: string | null;
  @Field(() => String, { description: 'YYYY-MM-DD' }) shippedOn!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) deliveredOn!: string | null;
  @Field(() => [ShipmentLineGql]) lines!: ShipmentLineGql[];
}

@ObjectType('OrderLine', { description: 'An order line as ordered (unit price and total charged)' })
export class OrderLineGql {
  @Field(() => ID) id!: string;
  @Field(() => Int) lineNo!: number;
  @Field(() => ID) itemId!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) manufacturerPartNumber!: string | null;
  @Field(() => String) unitOfMeasure!: string;
  @Field(() => String, { nullable: true }) image!: string | null;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) minimumPurchaseQuantity!: number;
  @Field(() => Int) minTransfer!: number;
  @Field(() => Float) price!: number;
  @Field(() => Float, { nullable: true }) basePrice!: number | null;
  @Field(() => [OrderedConfigurationGql]) configurations!: OrderedConfigurationGql[];
  @Field(() => Float) lineTotal!: number;
  @Field(() => Float, { description: "The promotions' share of the line (decision 079); 0 without one" })
  discount!: number;
  @Field(() => Float, { description: 'What the line cost after its promotions: lineTotal − discount' })
  netLineTotal!: number;
  @Field(() => Int, { description: 'The quantity tier the price came from (1: the price for one)' })
  tierMinQuantity!: number;
  @Field(() => Float, { nullable: true, description: 'The price for one a quantity tier lowered, else null' })
  unitPriceForOne!: number | null;
  @Field(() => Boolean, { description: 'Priced by an accepted quote' }) quoted!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD: the day what is still to ship is planned to ship (null once all of it shipped)',
  })
  shipOn!: string | null;
  @Field(() => Int, { description: 'Pieces still to ship that wait on a backorder' }) backordered!: number;
  @Field(() => LineFulfilmentGql) fulfilment!: LineFulfilmentGql;
}

@ObjectType('OrderEvent', { description: 'A change in the order history' })
export class OrderEventGql {
  @Field(() => String) at!: string;
  @Field(() => Int, { nullable: true }) fromStatus!: number | null;
  @Field(() => Int, { nullable: true }) toStatus!: number | null;
  @Field(() => String) note!: string;
}

@ObjectType('Order', { description: 'An order: status codes and labels of spec section 4' })
export class OrderGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'The number shown as AXL-<number>' }) orderNumber!: string;
  @Field(() => Int) status!: number;
  @Field(() => String, { description: 'The label shown (18: Payment Received)' }) statusLabel!: string;
  @Field(() => String) paymentStatus!: string;
  @Field(() => String) shipmentStatus!: string;
  @Field(() => String) deliveryStatus!: string;
  @Field(() => String) returnStatus!: string;
  @Field(() => String) contactEmail!: string;
  @Field(() => String) currencyCode!: string;
  @Field(() => Float) subTotal!: number;
  @Field(() => Float, { description: 'The freight charged: the freight table less freightDiscount' })
  freightAmt!: number;
  @Field(() => Float, {
    description:
      "Promotions' discount on the goods: total = subTotal − discountTotal + freightAmt + taxAmount",
  })
  discountTotal!: number;
  @Field(() => Float, { description: "Promotions' discount on the freight" }) freightDiscount!: number;
  @Field(() => [AppliedPromotionGql], { description: 'The promotions applied, as they were at placement' })
  promotions!: AppliedPromotionGql[];
  @Field(() => Float) taxPct!: number;
  @Field(() => Float) taxAmount!: number;
  @Field(() => [TaxLineGql], { description: 'Each tax, as the invoice shows it' }) taxes!: TaxLineGql[];
  @Field(() => String) taxGeoCode!: string;
  @Field(() => Float) total!: number;
  @Field(() => ShippingAddressGql) shippingAddress!: ShippingAddressGql;
  @Field(() => String) carrierId!: string;
  @Field(() => String) carrierMethod!: string;
  @Field(() => String) shippingNote!: string;
  @Field(() => String) paymentKind!: string;
  @Field(() => String, { nullable: true }) cardBrand!: string | null;
  @Field(() => String, { nullable: true }) cardLast4!: string | null;
  @Field(() => String, { nullable: true }) poNumber!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The ERP's order number, once it acknowledged the order",
  })
  erpOrderId!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'When the ERP acknowledged the order (acknowledgeOrder)',
  })
  acknowledgedAt!: string | null;
  @Field(() => String, { nullable: true, description: 'When delivered (returns run 30 days from it)' })
  deliveredAt!: string | null;
  @Field(() => Int) version!: number;
  @Field(() => String) createdAt!: string;
  @Field(() => String) updatedAt!: string;
  @Field(() => [OrderLineGql]) lines!: OrderLineGql[];
  @Field(() => [ShipmentGql]) shipments!: ShipmentGql[];
  @Field(() => [OrderEventGql]) events!: OrderEventGql[];
}

@ObjectType('OrderSummary', { description: 'An order in the account list' })
export class OrderSummaryGql {
  @Field(() => ID) id!: string;
  @Field(() => String) orderNumber!: string;
  @Field(() => Int) status!: number;
  @Field(() => String) statusLabel!: string;
  @Field(() => String) paymentStatus!: string;
  @Field(() => String) shipmentStatus!: string;
  @Field(() => Float) total!: number;
  @Field(() => String) currencyCode!: string;
  @Field(() => Int) lineCount!: number;
  @Field(() => Int) itemCount!: number;
  @Field(() => String) createdAt!: string;
}

@ObjectType('OrderPage')
export class OrderPageGql {
  @Field(() => [OrderSummaryGql]) items!: OrderSummaryGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType('PaymentAction', { description: "The cardholder's authentication the bank asks for" })
export class PaymentActionGql {
  @Field(() => String) type!: string;
  @Field(() => String) intentId!: string;
  @Field(() => String) clientSecret!: string;
}

@ObjectType('PlaceOrderResult')
export class PlaceOrderResultGql {
  @Field(() => OrderGql) order!: OrderGql;
  @Field(() => PaymentActionGql, { nullable: true }) nextAction!: PaymentActionGql | null;
  @Field(() => String, { nullable: true, description: 'Why the payment failed, when it did' })
  paymentError!: string | null;
}

@ObjectType('ReorderResult')
export class ReorderResultGql {
  @Field(() => CartGql) cart!: CartGql;
  @Field(() => [String], { description: 'Lines no longer sold as ordered' }) skipped!: string[];
}

@InputType('ShippingAddressInput')
export class ShippingAddressInputGql {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) companyName?: string | null;
  @Field(() => String) addressLine1!: string;
  @Field(() => String, { nullable: true }) addressLine2?: string | null;
  @Field(() => String) city!: string;
  @Field(() => String) state!: string;
  @Field(() => String) zip!: string;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => Boolean, { nullable: true }) isResidential?: boolean | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String) email!: string;
}

@InputType('ShippingDetailsInput')
export class ShippingDetailsInputGql {
  @Field(() => String) carrierId!: string;
  @Field(() => String) carrierMethod!: string;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType('PaymentInput')
export class PaymentInputGql {
  @Field(() => String, { description: 'card or purchaseOrder' }) kind!: string;
  @Field(() => String, {
    nullable: true,
    description: "The payment provider's payment method (never a card number)",
  })
  paymentMethodId?: string | null;
  @Field(() => String, { nullable: true }) poNumber?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Signed-in buyers: save the card to paymentOptions once the payment authorises',
  })
  saveCard?: boolean | null;
}

@InputType('PlaceOrderInput')
export class PlaceOrderInputGql {
  @Field(() => String) contactEmail!: string;
  @Field(() => ShippingAddressInputGql) shippingAddress!: ShippingAddressInputGql;
  @Field(() => ShippingDetailsInputGql) shippingDetails!: ShippingDetailsInputGql;
  @Field(() => PaymentInputGql) payment!: PaymentInputGql;
  @Field(() => Float, {
    nullable: true,
    description:
      'The total the buyer saw: an order that would cost more now (a promotion ended) is refused with CONFLICT on cart',
  })
  expectedTotal?: number | null;
}

@InputType('OrderListInput')
export class OrderListInputGql {
  @Field(() => [Int], { nullable: true }) statuses?: number[] | null;
  @Field(() => String, { nullable: true, description: 'ISO date: orders placed from then' }) from?:
    string | null;
  @Field(() => String, { nullable: true, description: 'ISO date: orders placed before then' }) to?:
    string | null;
  @Field(() => Int, { nullable: true }) page?: number | null;
  @Field(() => Int, { nullable: true }) pageSize?: number | null;
}
