import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import path from 'node:path';
import { migrationsList } from '../../../migrations/index';
import {
  Address,
  ApiKey,
  BusinessAccount,
  PasswordReset,
  RateLimit,
  Registration,
  SavedCard,
  SignInThrottle,
  User,
} from '../modules/account/account.entity';
import { AuditEntry } from '../modules/audit/audit.entity';
import { Cart, CartLine, PriceBreak, PriceListItem } from '../modules/cart/cart.entity';
import {
  Quote,
  QuoteAttachment,
  QuoteLine,
  QuoteMessage,
  QuoteRevision,
} from '../modules/quote/quote.entity';
import { StockLevel, StockReservation, WorkCentreDay } from '../modules/stock/stock.entity';
import { SavedList, SavedListItem } from '../modules/saved-list/saved-list.entity';
import { FormAttachment, FormSubmission } from '../modules/forms/forms.entity';
import { ReturnLine, ReturnRequest } from '../modules/returns/returns.entity';
import {
  CustomerOrder,
  OrderAccess,
  OrderEvent,
  OrderLine,
  Shipment,
  ShipmentLine,
} from '../modules/order/order.entity';
import { TestPaymentCustomer, TestPaymentIntent, TestPaymentMethod } from '../modules/payment/payment.entity';
import { BackInStockRequest } from '../modules/catalog/back-in-stock.entity';
import { OutboxEmail } from '../modules/mail/outbox.entity';
import {
  DomainEvent,
  DomainEventConsumer,
  DomainEventDelivery,
  DomainEventStream,
} from '../modules/events/events.entity';
import { AccessLink } from '../modules/mail/access-link';
import { Brand } from '../modules/catalog/brand.entity';
import { Category } from '../modules/catalog/category.entity';
import { Translation } from '../modules/catalog/translation.entity';
import { ProductConfigurationOption } from '../modules/catalog/product.entity';
import { Product } from '../modules/catalog/product.entity';
import {
  ProductSearch,
  SearchAttribution,
  SearchClick,
  SearchIndexState,
  SearchTerm,
  TypeaheadAnswer,
} from '../modules/search/search.entity';
import {
  CompanyAddress,
  CompanyApproval,
  CompanyInvitation,
  TermsPayment,
  CompanyApplication,
} from '../modules/company/company.entity';
import { Session } from '../modules/session/session.entity';
import { Site } from '../modules/site/site.entity';
import { ClickstreamEventRow } from '../modules/analytics/clickstream.entity';
import { PROJECT_ROOT } from './env';

/** Every entity, listed explicitly (no folder discovery: the same list works from src, dist and tests). */
export const ENTITIES = [
  Site,
  Brand,
  Category,
  Translation,
  Product,
  ProductConfigurationOption,
  BackInStockRequest,
  BusinessAccount,
  CompanyInvitation,
  CompanyApproval,
  CompanyAddress,
  TermsPayment,
  CompanyApplication,
  User,
  ApiKey,
  Address,
  SavedCard,
  Registration,
  PasswordReset,
  RateLimit,
  SignInThrottle,
  OutboxEmail,
  DomainEvent,
  DomainEventStream,
  DomainEventConsumer,
  DomainEventDelivery,
  AuditEntry,
  Cart,
  CartLine,
  PriceListItem,
  PriceBreak,
  Quote,
  QuoteLine,
  QuoteRevision,
  QuoteMessage,
  QuoteAttachment,
  StockLevel,
  StockReservation,
  WorkCentreDay,
  CustomerOrder,
  OrderLine,
  OrderEvent,
  OrderAccess,
  AccessLink,
  Shipment,
  ShipmentLine,
  TestPaymentCustomer,
  TestPaymentMethod,
  TestPaymentIntent,
  SavedList,
  SavedListItem,
  FormSubmission,
  FormAttachment,
  ReturnRequest,
  ReturnLine,
  Session,
  ProductSearch,
  SearchTerm,
  SearchClick,
  SearchIndexState,
  TypeaheadAnswer,
  SearchAttribution,
  ClickstreamEventRow,
];

export interface OrmOptions {
  clientUrl: string;
  debug?: boolean;
  poolMax?: number;
  /** Called for every SQL statement (tests count statements per request). */
  onQuery?: (sql: string) => void;
}

export function ormConfig({ clientUrl, debug = false, poolMax = 10, onQuery }: OrmOptions): Options {
  return defineConfig({
    clientUrl,
    // libpq's form for a Unix socket, `postgres://user@localhost/db?host=/var/run/postgresql`: MikroORM reads
    // only the URL's host name, so the socket directory is passed on as the host (pg connects to it).
    host: new URL(clientUrl).searchParams.get('host') ?? undefined,
    entities: ENTITIES,
    extensions: [Migrator],
    debug,
    allowGlobalContext: false,
    // A database named by DATABASE_URL that does not exist is an error to report (a typo), never one to create.
    ensureDatabase: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: poolMax },
    // The hot paths' named prepared statements (db/prepared.ts) keep one generic plan per connection: planned
    // per call, the product statement spent 0.35 ms planning for 0.1 ms of work. The ORM's own statements
    // carry their values inline (no parameters), so no plan of theirs is cached and this changes nothing there.
    // No JIT: a store's statements are short, and PostgreSQL compiles a plan whose estimate passes jit_above_cost
    // at every execution (an order's read, costed from stale statistics, spent 10-40 ms compiling for 1 ms of work
    // and took place-order from 167 to 43 a second: decision 050, "Cost, measured").
    driverOptions: { connection: { options: '-c plan_cache_mode=force_generic_plan -c jit=off' } },
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    // Observe (never rewrite) each statement: tests count statements per GraphQL request.
    onQuery: onQuery
      ? (sql: string) => {
          onQuery(sql);
          return sql;
        }
      : (sql: string) => sql,
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: path.join(PROJECT_ROOT, 'migrations'),
      pathTs: path.join(PROJECT_ROOT, 'migrations'),
      migrationsList,
      transactional: true,
      silent: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
  });
}
