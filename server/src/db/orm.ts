import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, type OrmOptions } from '../config/mikro-orm';
import { sendUnnamedStatements } from './prepared';

export type Orm = MikroORM;

export async function initOrm(options: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(options));
  if (options.poolMode === 'transaction') sendUnnamedStatements(orm.config);
  return orm;
}

/**
 * Key of the advisory lock migrations run under (any fixed number; `hashtext('axisline migrations')`), so stores
 * starting at once on an empty or outdated database apply them one after the other.
 */
export const MIGRATION_LOCK = 1_918_170_501;

/**
 * Applies every pending migration (all or nothing) under a session advisory lock held on one connection of `orm`'s
 * pool while the migrator works on another: a second process waits, then finds nothing pending (decision 076).
 * `orm` must reach PostgreSQL directly or through a session-mode pooler (DATABASE_DIRECT_URL). Returns the names
 * applied.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const knex = orm.em.getConnection().getKnex();
  const holder = (await knex.client.acquireConnection()) as {
    query(text: string, values?: unknown[]): Promise<unknown>;
  };
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((m) => m.name);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await knex.client.releaseConnection(holder);
  }
}
