/**
 * The catalog module's door (issue 53, item 2): what code outside server/src/modules/catalog/ uses. Other modules,
 * the flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { loadCategoryTree } from './catalog.loaders';
export { catalogService } from './catalog.service';
export { PriceTierGql } from './catalog.types';
export {
  pricingOf,
  type Pricing,
  PRICE_COLUMNS,
  PRICE_LIST_JOIN,
  pricedBy,
  pricingParams,
  scaled,
  type PriceColumns,
} from './pricing';
export { Product } from './product.entity';
export {
  catalogBrands,
  catalogCategories,
  customWorkProduct,
  generateProducts,
  type ProductSeed,
} from './seed/generator';
export { seedTranslations } from './seed/translations';
