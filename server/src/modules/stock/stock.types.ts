import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { ShipPlan } from '../../../../domain/ship-dates';
import { warehouseById } from '../../../../domain/warehouses';
import type { PartStock } from './stock.read';

@ObjectType('WarehouseStock', {
  description: "A warehouse's pieces buyers may still order (on hand less reserved)",
})
export class WarehouseStockGql {
  @Field(() => ID, { description: 'MOO (Mooresville, NC) or RNO (Reno, NV)' }) warehouseId!: string;
  @Field(() => String) name!: string;
  @Field(() => Int) available!: number;
}

@ObjectType('PartStock', {
  description: "A part's stock by warehouse and its backorder terms (decision 050)",
})
export class PartStockGql {
  @Field(() => [WarehouseStockGql]) warehouses!: WarehouseStockGql[];
  @Field(() => Boolean, { description: 'A quantity beyond the stock is taken on backorder; else refused' })
  backorderAllowed!: boolean;
  @Field(() => Int, { description: 'Business days a backorder takes to ship' }) leadTimeDays!: number;
}

@ObjectType('ShipDate', {
  description: 'When a quantity of a part ships, by the store’s rule (decision 050)',
})
export class ShipDateGql {
  @Field(() => Boolean, { description: 'False: more than the stock of a part not sold on backorder' })
  fillable!: boolean;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: the day the last piece ships' })
  shipOn!: string | null;
  @Field(() => Int, { description: 'Pieces on backorder' }) backordered!: number;
  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601: order before this instant (the warehouse cut-off) and it ships today',
  })
  orderBy!: string | null;
}

export const partStockGql = (part: PartStock | undefined): PartStockGql => ({
  warehouses: (part?.stock ?? []).map((s) => ({
    warehouseId: s.warehouseId,
    name: warehouseById(s.warehouseId)?.name ?? s.warehouseId,
    available: s.available,
  })),
  backorderAllowed: part?.backorder.allowed ?? true,
  leadTimeDays: part?.backorder.leadTimeDays ?? 0,
});

export const shipDateGql = (plan: ShipPlan): ShipDateGql =>
  plan.fillable
    ? { fillable: true, shipOn: plan.shipOn, backordered: plan.backordered, orderBy: plan.orderBy }
    : { fillable: false, shipOn: null, backordered: 0, orderBy: null };

@ObjectType('StockCount', { description: "A part's counts at one warehouse" })
export class StockCountGql {
  @Field(() => ID) warehouseId!: string;
  @Field(() => String) name!: string;
  @Field(() => Int) onHand!: number;
  @Field(() => Int, { description: 'Held by orders not yet shipped' }) reserved!: number;
  @Field(() => Int, { description: 'On hand less reserved' }) available!: number;
}

@InputType('StockCountInput', { description: 'A new on-hand count at a warehouse' })
export class StockCountInputGql {
  @Field(() => ID, { description: 'MOO or RNO' }) warehouseId!: string;
  @Field(() => Int) onHand!: number;
}
