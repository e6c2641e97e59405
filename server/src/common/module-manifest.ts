import type { EntityClass } from '@mikro-orm/core';
import type { Router } from 'express';
import type { AuthChecker, ClassType } from 'type-graphql';
import type { Ctx } from '../context';

/** A REST router of a module and where it mounts under /api. */
export interface RestMount {
  prefix: string;
  routes: () => Router;
}

/**
 * What a server module brings to the app, declared in its `manifest.ts` (decision 060). The wiring
 * (config/manifests.ts) reads every manifest: the ORM's entities, the GraphQL schema's resolvers, the REST routers,
 * the per-request state and the tables the demo seed empties all come from here, so no central file names a
 * module's parts. Every field but `name` may be left out.
 */
export interface ModuleManifest {
  /** The module's folder under server/src/modules (`flows` for the flows' manifest, server/src/flows/manifest.ts). */
  name: string;
  /** Its MikroORM entities (the tables it owns). */
  entities?: readonly EntityClass<object>[];
  /** Its type-graphql resolver classes. */
  resolvers?: readonly ClassType[];
  /** Its REST routers. Routers own disjoint paths and add no router-wide middleware, so mount order is free. */
  routes?: readonly RestMount[];
  /** The GraphQL schema's `@Authorized` check (exactly one module, auth, gives it). */
  authChecker?: AuthChecker<Ctx>;
  /** Sets the members it keeps on a new request's context (declared on `Ctx` by the module). */
  begin?(ctx: Ctx): void;
  /** Its tables that name products: a new demo catalogue (cli/demo-catalog.ts) empties them, in its transaction. */
  seedTruncates?: readonly string[];
}
