import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A node of the category tree. `handle` is the full path, e.g. `motion-control/ballscrews-accessories`. */
@Entity({ tableName: 'category' })
export class Category {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Unique()
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  subtitle: string | null = null;

  @Property({ type: 'text', nullable: true })
  image: string | null = null;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  /** Its UNSPSC code (punchout's Classification, OCI's MATGROUP); null: its parent's applies. */
  @Property({ type: 'text', nullable: true })
  unspsc: string | null = null;

  @Index()
  @ManyToOne(() => Category, { nullable: true, deleteRule: 'restrict' })
  parent: Rel<Category> | null = null;
}
