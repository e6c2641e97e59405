import type { ConsoleSection } from '@domain/admin';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageId } from '../i18n';

type Page = LazyExoticComponent<ComponentType>;

/** A section's page, loaded the first time someone opens it (its own chunk; antd is in the console's). */
function page(load: () => Promise<ComponentType>): Page {
  return lazy(async () => ({ default: await load() }));
}

/**
 * One of the console's sections: its folder under client/src/admin/, its path under /admin, its menu label, who
 * may open it (`key` in domain/admin.ts CONSOLE_ACCESS), its page and the pages under it (`more`, by path).
 */
export interface ConsoleSectionRow {
  key: ConsoleSection;
  path: string;
  title: MessageId;
  page: Page;
  more?: Record<string, Page>;
}

/**
 * The console's sections in menu order. The router and the menu both read this table: a new section is one folder
 * plus one row.
 */
export const SECTIONS: readonly ConsoleSectionRow[] = [
  {
    key: 'dashboard',
    path: 'dashboard',
    title: 'admin.dashboard',
    page: page(async () => (await import('./dashboard/DashboardView')).DashboardView),
  },
  {
    key: 'orders',
    path: 'orders',
    title: 'admin.orders',
    page: page(async () => (await import('./orders/OrdersView')).OrdersView),
    more: { ':id': page(async () => (await import('./orders/OrderEditView')).OrderEditView) },
  },
  {
    key: 'returns',
    path: 'returns',
    title: 'admin.returns',
    page: page(async () => (await import('./returns/ReturnsView')).ReturnsView),
  },
  {
    key: 'customers',
    path: 'customers',
    title: 'admin.customers',
    page: page(async () => (await import('./customers/CustomersView')).CustomersView),
  },
  {
    key: 'companies',
    path: 'companies',
    title: 'admin.companies',
    page: page(async () => (await import('./companies/CompaniesView')).CompaniesView),
    more: {
      'applications/:id': page(
        async () => (await import('./companies/CompanyApplicationsView')).CompanyApplicationView,
      ),
      ':id': page(async () => (await import('./companies/CompanyView')).CompanyView),
    },
  },
  {
    key: 'inbox',
    path: 'inbox',
    title: 'admin.inbox',
    page: page(async () => (await import('./inbox/InboxView')).InboxView),
  },
  {
    key: 'outbox',
    path: 'outbox',
    title: 'admin.outbox',
    page: page(async () => (await import('./outbox/OutboxView')).OutboxView),
  },
  {
    key: 'apiKeys',
    path: 'api-keys',
    title: 'admin.apiKeys',
    page: page(async () => (await import('./api-keys/ApiKeysView')).ApiKeysView),
  },
  {
    key: 'quotes',
    path: 'quotes',
    title: 'admin.quotes',
    page: page(async () => (await import('./quotes/QuotesView')).QuotesView),
    more: { ':id': page(async () => (await import('./quotes/QuoteView')).QuoteView) },
  },
  {
    key: 'prices',
    path: 'prices',
    title: 'admin.prices',
    page: page(async () => (await import('./prices/PricesView')).PricesView),
  },
  {
    key: 'promotions',
    path: 'promotions',
    title: 'admin.promotions',
    page: page(async () => (await import('./promotions/PromotionsView')).PromotionsView),
    more: { ':id': page(async () => (await import('./promotions/PromotionEditView')).PromotionEditView) },
  },
  {
    key: 'stock',
    path: 'stock',
    title: 'admin.stock',
    page: page(async () => (await import('./stock/StockView')).StockView),
  },
  {
    key: 'imports',
    path: 'imports',
    title: 'admin.imports',
    page: page(async () => (await import('./imports/ImportsView')).ImportsView),
  },
  {
    key: 'integrations',
    path: 'integrations',
    title: 'admin.integrations',
    page: page(async () => (await import('./integrations/IntegrationsView')).IntegrationsView),
    more: {
      ':id': page(async () => (await import('./integrations/DeliveriesView')).DeliveriesView),
    },
  },
  {
    key: 'sites',
    path: 'sites',
    title: 'admin.sites',
    page: page(async () => (await import('./sites/SitesView')).SitesView),
  },
];
