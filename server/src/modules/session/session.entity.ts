import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** express-session rows (server/src/modules/session/pg-session-store.ts reads and writes them). */
@Entity({ tableName: 'session' })
export class Session {
  @PrimaryKey({ type: 'text' })
  sid!: string;

  @Property({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index()
  @Property({ type: 'timestamptz' })
  expire!: Date;
}
