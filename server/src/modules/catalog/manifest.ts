import type { ModuleManifest } from '../../common/module-manifest';
import { BackInStockRequest } from './back-in-stock.entity';
import { Brand } from './brand.entity';
import { CatalogLoaders } from './catalog.loaders';
import { CategoryResolver, ProductPriceResolver, ProductResolver } from './catalog.resolver';
import { catalogRoutes } from './catalog.routes';
import { Category } from './category.entity';
import { PriceBreaksResolver } from './price-breaks.resolver';
import { Product, ProductConfigurationOption } from './product.entity';
import { Translation } from './translation.entity';
import {
  CategoryNameResolver,
  ConfigurationOptionResolver,
  NavigationResolver,
  ProductDescriptionResolver,
  SearchSuggestionDescriptionResolver,
  SpecAttributeResolver,
} from './translation.resolver';

export const manifest: ModuleManifest = {
  name: 'catalog',
  entities: [Brand, Category, Translation, Product, ProductConfigurationOption, BackInStockRequest],
  resolvers: [
    CategoryResolver,
    ProductPriceResolver,
    CategoryNameResolver,
    ConfigurationOptionResolver,
    NavigationResolver,
    SpecAttributeResolver,
    ProductDescriptionResolver,
    SearchSuggestionDescriptionResolver,
    ProductResolver,
    PriceBreaksResolver,
  ],
  routes: [{ prefix: '/', routes: catalogRoutes }],
  // The catalogue's loaders start empty for each request.
  begin(ctx) {
    ctx.catalog = new CatalogLoaders(ctx);
  },
  seedTruncates: ['product_configuration_option', 'product', 'category', 'brand'],
};
