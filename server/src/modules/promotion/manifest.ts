import type { ModuleManifest } from '../../common/module-manifest';
import {
  Promotion,
  PromotionCode,
  PromotionCodeBatch,
  PromotionRedemption,
  PromotionLock,
} from './promotion.entity';

export const manifest: ModuleManifest = {
  name: 'promotion',
  entities: [Promotion, PromotionLock, PromotionCodeBatch, PromotionCode, PromotionRedemption],
  // Redemptions name orders, which a new demo catalogue empties.
  seedTruncates: ['promotion_redemption'],
};
