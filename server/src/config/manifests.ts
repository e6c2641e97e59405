/**
 * The wiring (decision 060): the one list of the server's modules, and what the app reads from their manifests and
 * the flows' (flows/manifest.ts: the routes and resolvers that run a flow, read after the modules'). The only file
 * of the core folders (config, db, common, rest, graphql, context.ts) that imports a module (eslint.config.mjs
 * holds it). A new module writes its `manifest.ts` and joins MODULES; nothing else here changes.
 */
import type { Router } from 'express';
import type { ClassType, NonEmptyArray } from 'type-graphql';
import type { Ctx } from '../context';
import type { ModuleManifest } from '../common/module-manifest';
import { CacheVersion } from '../common/cache-version.entity';
import { manifest as flows } from '../flows/manifest';
import { manifest as account } from '../modules/account/manifest';
import { manifest as admin } from '../modules/admin/manifest';
import { manifest as analytics } from '../modules/analytics/manifest';
import { manifest as audit } from '../modules/audit/manifest';
import { manifest as auth } from '../modules/auth/manifest';
import { manifest as cart } from '../modules/cart/manifest';
import { manifest as catalog } from '../modules/catalog/manifest';
import { manifest as company } from '../modules/company/manifest';
import { manifest as events } from '../modules/events/manifest';
import { manifest as forms } from '../modules/forms/manifest';
import { manifest as imports } from '../modules/imports/manifest';
import { manifest as mail } from '../modules/mail/manifest';
import { manifest as order } from '../modules/order/manifest';
import { manifest as payment } from '../modules/payment/manifest';
import { manifest as promotion } from '../modules/promotion/manifest';
import { manifest as punchout } from '../modules/punchout/manifest';
import { manifest as quote } from '../modules/quote/manifest';
import { manifest as returns } from '../modules/returns/manifest';
import { manifest as savedList } from '../modules/saved-list/manifest';
import { manifest as search } from '../modules/search/manifest';
import { manifest as session } from '../modules/session/manifest';
import { manifest as site } from '../modules/site/manifest';
import { manifest as stock } from '../modules/stock/manifest';
import { manifest as supplier } from '../modules/supplier/manifest';
import { manifest as webhooks } from '../modules/webhooks/manifest';

/** Every folder of server/src/modules, by name (server/test/manifests.spec.ts checks the two agree). */
export const MODULES: readonly ModuleManifest[] = [
  account,
  admin,
  analytics,
  audit,
  auth,
  cart,
  catalog,
  company,
  events,
  forms,
  imports,
  mail,
  order,
  payment,
  promotion,
  punchout,
  quote,
  returns,
  savedList,
  search,
  session,
  site,
  stock,
  supplier,
  webhooks,
];

/** The modules' manifests, then the flows' (same shape; its routes and resolvers call the flows). */
export const MANIFESTS: readonly ModuleManifest[] = [...MODULES, flows];

/** Every entity (the ORM's `entities`, config/mikro-orm.ts): the modules', and the core's cache versions. */
export const ENTITIES = [...MANIFESTS.flatMap((m) => m.entities ?? []), CacheVersion];

const [firstResolver, ...resolvers] = MANIFESTS.flatMap((m) => m.resolvers ?? []);
if (!firstResolver) throw new Error('no module declares a GraphQL resolver');
/** Every resolver class (graphql/schema.ts). */
export const RESOLVERS: NonEmptyArray<ClassType> = [firstResolver, ...resolvers];

const authCheckers = MANIFESTS.flatMap((m) => (m.authChecker ? [m.authChecker] : []));
if (authCheckers.length !== 1) {
  throw new Error(`${authCheckers.length} modules declare an authChecker: exactly one must`);
}
/** The schema's `@Authorized` check (the auth module's). */
export const AUTH_CHECKER = authCheckers[0]!;

/** Every REST router and where it is mounted under /api (app.ts; the permission test walks the same list). */
export const REST_ROUTERS: [string, () => Router][] = MANIFESTS.flatMap((m) =>
  (m.routes ?? []).map((r): [string, () => Router] => [r.prefix, r.routes]),
);

/** The tables a new demo catalogue empties (cli/demo-catalog.ts, in the seed's transaction). */
export const SEED_TRUNCATES: readonly string[] = MANIFESTS.flatMap((m) => m.seedTruncates ?? []);

const begins = MANIFESTS.flatMap((m) => (m.begin ? [m.begin] : []));
/** Sets the request state the modules keep on a new context (AppShared.begin). */
export function beginRequest(ctx: Ctx): void {
  for (const begin of begins) begin(ctx);
}
