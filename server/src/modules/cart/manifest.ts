import type { ModuleManifest } from '../../common/module-manifest';
import { Cart, CartLine, CartPromotionCode, CartRequest, PriceBreak, PriceListItem } from './cart.entity';
import { CartLineResolver, CartResolver } from './cart.resolver';
import { cartRoutes } from './cart.routes';

export const manifest: ModuleManifest = {
  name: 'cart',
  entities: [Cart, CartLine, CartPromotionCode, CartRequest, PriceListItem, PriceBreak],
  resolvers: [CartResolver, CartLineResolver],
  routes: [{ prefix: '/', routes: cartRoutes }],
  seedTruncates: ['cart_line', 'price_list_item', 'price_break'],
};
