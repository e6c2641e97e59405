import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The catalogue's text in the shop's other languages (decision 034): a category's name (key: its handle), a
 * specification attribute's or a configuration option's label (key: the English label). The catalogue itself
 * stays in English; what has no translation reads in English (lang="en").
 */
@Entity({ tableName: 'translation' })
export class Translation {
  /** category, attribute or option. */
  @PrimaryKey({ type: 'text' })
  kind!: string;

  @PrimaryKey({ type: 'text' })
  key!: string;

  /** fr-CA or es-MX. */
  @PrimaryKey({ type: 'text' })
  locale!: string;

  @Property({ type: 'text' })
  text!: string;
}
