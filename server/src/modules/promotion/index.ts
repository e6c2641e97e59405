/**
 * The promotion module's door (issue 58): what code outside server/src/modules/promotion/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { Promotion, PromotionCode } from './promotion.entity';
export {
  PromotionCatalog,
  CART_CODES_COLUMN,
  findCodes,
  placementPromotions,
  promotionsFor,
  redeemPromotions,
  releasePromotionsOfCancelledOrder,
  type EnteredCode,
  type Evaluated,
  type PromotionsRequest,
  type Shopper,
} from './promotion.service';
export { insertPromotion, type PromotionDraft } from './promotion.write';
export { ensureDemoPromotions } from './promotion.demo';
