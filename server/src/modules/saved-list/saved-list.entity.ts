import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../account';
import type { StoredConfiguration } from '../cart';
import { Product } from '../catalog';

/** A user's named list of parts (spec: Saved list, id, name, description, items). */
@Entity({ tableName: 'saved_list' })
@Index({
  name: 'saved_list_user_name_unique',
  expression: 'create unique index "saved_list_user_name_unique" on "saved_list" ("user_id", lower("name"))',
})
export class SavedList {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade' })
  user!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  description: string = '';

  /** Who else sees it (decision 045): private, or the owner's company, reading ('read') or editing ('edit'). */
  @Property({ type: 'text', default: 'private' })
  sharing: string = 'private';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/** An item of a list: a product, its configurations and a quantity (like a cart line, never priced here). */
@Entity({ tableName: 'saved_list_item' })
@Unique({ properties: ['list', 'product', 'configKey'] })
@Check({ name: 'saved_list_item_quantity_check', expression: 'quantity > 0' })
export class SavedListItem {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => SavedList, { mapToPk: true, deleteRule: 'cascade' })
  list!: string;

  @Index()
  @ManyToOne(() => Product, { mapToPk: true, deleteRule: 'cascade' })
  product!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'jsonb', default: '[]' })
  configurations: StoredConfiguration[] = [];

  @Property({ type: 'text', default: '' })
  configKey: string = '';

  @Property({ type: 'timestamptz', defaultRaw: 'clock_timestamp()' })
  dateAdded: Date = new Date();
}
