import type { EntityManager } from '@mikro-orm/postgresql';

/** The SQL connection of the app's ORM (plain statements, transactions). */
export type SqlConnection = ReturnType<EntityManager['getConnection']>;
