import type { ModuleManifest } from '../../common/module-manifest';
import {
  Promotion,
  PromotionCode,
  PromotionCodeBatch,
  PromotionRedemption,
  PromotionLock,
} from './promotion.entity';
import { PromotionResolver } from './promotion.resolver';
import { promotionRoutes } from './promotion.routes';

export const manifest: ModuleManifest = {
  name: 'promotion',
  entities: [Promotion, PromotionLock, PromotionCodeBatch, PromotionCode, PromotionRedemption],
  resolvers: [PromotionResolver],
  routes: [{ prefix: '/', routes: promotionRoutes }],
  // Redemptions name orders, which a new demo catalogue empties.
  seedTruncates: ['promotion_redemption'],
};
