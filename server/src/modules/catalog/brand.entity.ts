import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'brand' })
export class Brand {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Unique()
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  name!: string;

  /** Business days the maker takes to ship a backorder, for its parts that do not say (decision 050). */
  @Property({ type: 'integer', nullable: true })
  leadTimeDays: number | null = null;
}
