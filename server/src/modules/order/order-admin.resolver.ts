import { GraphQLJSON } from 'graphql-scalars';
import {
  Arg,
  Authorized,
  Ctx,
  Field,
  Float,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import type { Ctx as RequestCtx } from '../../context';
import { adminOrderService } from './order-admin.service';
import { fulfilmentService } from './fulfilment.service';
import { orderService } from './order.service';
import { orderPromotionFacts } from './order-edit';
import { isUuid } from '../../../../domain/ids';
import { notFound } from '../../common/errors';
import { OrderGql } from './order.types';

@ObjectType('AdminOrderRow', { description: "A row of the console's orders table" })
export class AdminOrderRowGql {
  @Field(() => ID) id!: string;
  @Field(() => String) orderNumber!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => String) contactEmail!: string;
  @Field(() => String, { nullable: true }) customerName!: string | null;
  @Field(() => ID, { nullable: true }) userId!: string | null;
  @Field(() => String) site!: string;
  @Field(() => Int) status!: number;
  @Field(() => String) statusLabel!: string;
  @Field(() => String) paymentStatus!: string;
  @Field(() => String) paymentKind!: string;
  @Field(() => Float) total!: number;
  @Field(() => String) currencyCode!: string;
  @Field(() => String, { nullable: true }) erpOrderId!: string | null;
  @Field(() => String, { nullable: true, description: 'When the ERP acknowledged the order (decision 071)' })
  acknowledgedAt!: string | null;
  @Field(() => String, { description: 'Ship-to state' }) state!: string;
}

@ObjectType('AdminOrderPage')
class AdminOrderPageGql {
  @Field(() => [AdminOrderRowGql]) items!: AdminOrderRowGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@InputType('AdminOrderFilterInput', { description: 'Server-side filters of the orders table' })
class AdminOrderFilterInputGql {
  @Field(() => String, {
    nullable: true,
    description: 'Order number (AXL-1042), e-mail prefix or ERP order id',
  })
  q?: string | null;
  @Field(() => [Int], { nullable: true }) statuses?: number[] | null;
  @Field(() => String, { nullable: true, description: 'ISO instant, inclusive' }) from?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO instant, exclusive' }) to?: string | null;
  @Field(() => ID, { nullable: true }) userId?: string | null;
  @Field(() => String, { nullable: true }) site?: string | null;
  @Field(() => String, { nullable: true, description: 'createdAt, orderNumber, total or status' })
  sort?: string | null;
  @Field(() => Boolean, { nullable: true }) descending?: boolean | null;
  @Field(() => Int, { nullable: true }) page?: number | null;
  @Field(() => Int, { nullable: true }) pageSize?: number | null;
}

@ObjectType('AuditChange')
class AuditChangeGql {
  @Field(() => String) field!: string;
  @Field(() => GraphQLJSON, { nullable: true }) before!: unknown;
  @Field(() => GraphQLJSON, { nullable: true }) after!: unknown;
}

@ObjectType('AuditEntry', { description: 'Who changed what, when, with the values before and after' })
class AuditEntryGql {
  @Field(() => ID) id!: string;
  @Field(() => String) at!: string;
  @Field(() => String, { nullable: true }) actorEmail!: string | null;
  @Field(() => String) action!: string;
  @Field(() => [AuditChangeGql]) changes!: AuditChangeGql[];
}

@InputType('ShipmentLineInput')
class ShipmentLineInputGql {
  @Field(() => ID) lineId!: string;
  @Field(() => Int) quantity!: number;
}

@InputType('ShipmentInput', { description: 'A shipment: everything left to ship, or the lines given' })
class ShipmentInputGql {
  @Field(() => String, { description: 'A carrier id of SHIPPING_CARRIERS' }) carrier!: string;
  @Field(() => String) trackingNumber!: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) shippedOn!: string;
  @Field(() => [ShipmentLineInputGql], { nullable: true, description: 'Absent or empty: everything left' })
  lines?: ShipmentLineInputGql[] | null;
}

@InputType('DeliveryInput', { description: "The carrier's delivery of one shipment, or of all on their way" })
class DeliveryInputGql {
  @Field(() => ID, { nullable: true }) shipmentId?: string | null;
  @Field(() => String, { description: 'YYYY-MM-DD' }) deliveredOn!: string;
}

@ObjectType('OrderPromotionRule', {
  description: 'A promotion an order took, as the console edit evaluates it again',
})
class OrderPromotionRuleGql {
  @Field(() => Int, { description: 'Its place on the order (dropPromotions names it)' }) position!: number;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) code!: string | null;
  @Field(() => Boolean, { description: 'Dropped by staff in an earlier edit' }) dropped!: boolean;
  @Field(() => Float, { description: 'Taken off the goods now' }) amount!: number;
  @Field(() => Float, { description: 'Taken off the freight now' }) freightAmount!: number;
  @Field(() => GraphQLJSON, { description: 'The rule as at placement (domain/promotions.ts PromotionRule)' })
  rule!: unknown;
}

@ObjectType('OrderPromotionLine', { description: "What a promotion's conditions read of an order line" })
class OrderPromotionLineGql {
  @Field(() => ID) lineId!: string;
  @Field(() => String) productId!: string;
  @Field(() => String, { nullable: true }) brandId!: string | null;
  @Field(() => String, { nullable: true }) categoryHandle!: string | null;
  @Field(() => String, { description: 'catalogue, siteList, priceList or quote' }) source!: string;
  @Field(() => String, { nullable: true }) priceListId!: string | null;
}

@ObjectType('OrderPromotionFacts', {
  description: "An order's promotions as placed and its lines' facts (decision 079)",
})
class OrderPromotionFactsGql {
  @Field(() => String) site!: string;
  @Field(() => [OrderPromotionRuleGql]) promotions!: OrderPromotionRuleGql[];
  @Field(() => [OrderPromotionLineGql]) lines!: OrderPromotionLineGql[];
}

/**
 * The console's orders (staff): the table, one order with its audit trail, shipments and deliveries. Saving the edit
 * form runs a flow: its mutation is the flows' (flows/edit-order.resolver.ts).
 */
@Resolver()
export class AdminOrderResolver {
  @Authorized(...CONSOLE_ACCESS.orders)
  @Query(() => AdminOrderPageGql, { description: 'Orders with server-side filters, sorting and pages' })
  adminOrders(
    @Arg('filter', () => AdminOrderFilterInputGql, { nullable: true })
    filter: AdminOrderFilterInputGql | null,
    @Ctx() ctx: RequestCtx,
  ) {
    const given = Object.fromEntries(Object.entries(filter ?? {}).filter(([, v]) => v !== null && v !== ''));
    return adminOrderService.search(ctx, given);
  }

  @Authorized(...CONSOLE_ACCESS.orders)
  @Query(() => OrderGql, { description: 'Any order, for staff' })
  adminOrder(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return orderService.get(ctx, id);
  }

  @Authorized(...CONSOLE_ACCESS.orders)
  @Query(() => OrderPromotionFactsGql, {
    description: "An order's promotions as placed, for the console edit's running totals (decision 079)",
  })
  orderPromotionFacts(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: RequestCtx) {
    if (!isUuid(orderId)) throw notFound('Order');
    return orderPromotionFacts(ctx, orderId);
  }

  @Authorized(...CONSOLE_ACCESS.orders)
  @Query(() => [AuditEntryGql], { description: "An order's audit trail, newest first" })
  orderAudit(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: RequestCtx) {
    return adminOrderService.audit(ctx, orderId);
  }

  @Authorized(...CONSOLE_ACCESS.editOrders)
  @Mutation(() => OrderGql, {
    description:
      'Records a shipment (carrier, tracking number, day); the statuses follow, the card is captured, the buyer is e-mailed',
  })
  shipOrder(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Arg('input', () => ShipmentInputGql) input: ShipmentInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return fulfilmentService.ship(ctx, id, version, { ...input, lines: input.lines ?? [] });
  }

  @Authorized(...CONSOLE_ACCESS.editOrders)
  @Mutation(() => OrderGql, {
    description: "Records the carrier's delivery; Delivered once every item has arrived",
  })
  deliverOrder(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Arg('input', () => DeliveryInputGql) input: DeliveryInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return fulfilmentService.deliver(ctx, id, version, input);
  }
}
