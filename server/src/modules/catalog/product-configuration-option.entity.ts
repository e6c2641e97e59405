import { DecimalType, Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Product } from './product.entity';
import type { AreaDimensions } from '../../../../domain/configuration';

export type ConfigurationKind = 'length' | 'count' | 'choice' | 'area';

/**
 * A way to configure a product line: cut length priced per mm, tapping per end, end machining...
 * A configured line's price is (sum of value x unitPrice + basePrice) x quantity (domain/money.ts).
 */
@Entity({ tableName: 'product_configuration_option' })
@Unique({ properties: ['product', 'code'] })
export class ProductConfigurationOption {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Product, { deleteRule: 'cascade' })
  product!: Rel<Product>;

  @Property({ type: 'text' })
  code!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  kind!: ConfigurationKind;

  @Property({ type: 'text', nullable: true })
  unit: string | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 4 })
  unitPrice!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 3, nullable: true })
  minValue: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 3, nullable: true })
  maxValue: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 3, nullable: true })
  step: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 3, nullable: true })
  defaultValue: number | null = null;

  @Property({ type: 'boolean', default: false })
  required: boolean = false;

  /** An area option's width and height (mm: range, step, default); its value is their area in m². */
  @Property({ type: 'jsonb', nullable: true })
  dimensions: AreaDimensions | null = null;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
