import type { ModuleManifest } from '../../common/module-manifest';
import { AdminOrderResolver } from './order-admin.resolver';
import { ErpOrderResolver } from './erp.resolver';
import {
  CustomerOrder,
  OrderAccess,
  OrderEvent,
  OrderLine,
  OrderPromotion,
  Shipment,
  ShipmentLine,
} from './order.entity';
import { OrderResolver } from './order.resolver';
import { orderRoutes } from './order.routes';

export const manifest: ModuleManifest = {
  name: 'order',
  entities: [CustomerOrder, OrderLine, OrderEvent, OrderPromotion, OrderAccess, Shipment, ShipmentLine],
  resolvers: [OrderResolver, AdminOrderResolver, ErpOrderResolver],
  routes: [{ prefix: '/', routes: orderRoutes }],
  // Demo orders name products; the seed writes new ones (demo-orders.ts).
  seedTruncates: [
    'order_promotion',
    'shipment_line',
    'shipment',
    'order_line',
    'order_event',
    'order_access',
    'customer_order',
  ],
};
