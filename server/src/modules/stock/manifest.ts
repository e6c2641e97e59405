import type { ModuleManifest } from '../../common/module-manifest';
import { StockLevel, StockReservation, WorkCentreDay } from './stock.entity';
import { StockResolver } from './stock.resolver';

export const manifest: ModuleManifest = {
  name: 'stock',
  entities: [StockLevel, StockReservation, WorkCentreDay],
  resolvers: [StockResolver],
  seedTruncates: ['stock_reservation', 'stock_level', 'work_centre_day'],
};
