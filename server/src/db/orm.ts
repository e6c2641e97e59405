import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, type OrmOptions } from '../config/mikro-orm';

export type Orm = MikroORM;

export async function initOrm(options: OrmOptions): Promise<Orm> {
  return MikroORM.init(ormConfig(options));
}

/** Applies every pending migration (all or nothing); returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
