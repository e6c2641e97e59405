import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { AccountResolver } from '../modules/account/account.resolver';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { CompanyResolver } from '../modules/company/company.resolver';
import { CompaniesAdminResolver } from '../modules/company/companies-admin.resolver';
import { CompanyApplicationsResolver } from '../modules/company/company-applications.resolver';
import { PriceBreaksResolver } from '../modules/catalog/price-breaks.resolver';
import { QuoteResolver } from '../modules/quote/quote.resolver';
import { StockResolver } from '../modules/stock/stock.resolver';
import { ApiKeysResolver } from '../modules/admin/api-keys.resolver';
import { AuthChecker } from '../modules/auth/permissions';
import { CartLineResolver, CartResolver } from '../modules/cart/cart.resolver';
import { OrderResolver } from '../modules/order/order.resolver';
import { AdminOrderResolver } from '../modules/order/order-admin.resolver';
import { SavedListResolver } from '../modules/saved-list/saved-list.resolver';
import { FormsResolver } from '../modules/forms/forms.resolver';
import { ReturnsResolver } from '../modules/returns/returns.resolver';
import { CategoryResolver, ProductPriceResolver, ProductResolver } from '../modules/catalog/catalog.resolver';
import {
  CategoryNameResolver,
  ConfigurationOptionResolver,
  NavigationResolver,
  ProductDescriptionResolver,
  SearchSuggestionDescriptionResolver,
  SpecAttributeResolver,
} from '../modules/catalog/translation.resolver';
import { SearchResolver } from '../modules/search/search.resolver';
import { OutboxResolver } from '../modules/mail/outbox.resolver';
import { SiteResolver } from '../modules/site/site.resolver';
import { SupplierResolver } from '../modules/supplier/supplier.resolver';

export const RESOLVERS = [
  AccountResolver,
  AdminResolver,
  CartResolver,
  CartLineResolver,
  OrderResolver,
  AdminOrderResolver,
  SavedListResolver,
  FormsResolver,
  ReturnsResolver,
  ApiKeysResolver,
  CategoryResolver,
  ProductPriceResolver,
  CategoryNameResolver,
  ConfigurationOptionResolver,
  NavigationResolver,
  SpecAttributeResolver,
  ProductDescriptionResolver,
  SearchSuggestionDescriptionResolver,
  ProductResolver,
  SearchResolver,
  OutboxResolver,
  SiteResolver,
  SupplierResolver,
  CompanyResolver,
  CompaniesAdminResolver,
  CompanyApplicationsResolver,
  PriceBreaksResolver,
  QuoteResolver,
  StockResolver,
] as const;

let schema: GraphQLSchema | undefined;

/** The executable schema (built once per process). */
export function getSchema(): GraphQLSchema {
  schema ??= buildSchemaSync({
    resolvers: RESOLVERS,
    validate: false,
    emitSchemaFile: false,
    authChecker: AuthChecker,
    authMode: 'error',
  });
  return schema;
}

/** The committed `schema.graphql` text: sorted, so diffs only show real changes. */
export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(getSchema()))}\n`;
}
