import {
  ArrayType,
  Check,
  Collection,
  DecimalType,
  Entity,
  Index,
  ManyToOne,
  OneToMany,
  PrimaryKey,
  Property,
  Unique,
  type Rel,
} from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { AreaDimensions } from '../../../../domain/configuration';
import type { ProductDisplayKind, ProductMeasureKind } from '../../../../domain/constants';
import { Brand } from './brand.entity';
import { Category } from './category.entity';

export interface SpecAttributeValue {
  name: string;
  value: string;
}

export interface CadFileValue {
  name: string;
  format: string;
  url: string;
}

/** A sellable part. Its id is the part number used in URLs (URL-encoded; it may contain `/`). */
@Entity({ tableName: 'product' })
@Check({
  name: 'product_max_order_quantity_check',
  expression: 'max_order_quantity is null or max_order_quantity >= 1',
})
@Index({
  name: 'product_event_popularity_index',
  expression:
    'create index "product_event_popularity_index" on "product" ("id") where "event_popularity" <> 0',
})
export class Product {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Index()
  @ManyToOne(() => Brand, { deleteRule: 'restrict' })
  brand!: Rel<Brand>;

  @Index()
  @ManyToOne(() => Category, { deleteRule: 'restrict' })
  category!: Rel<Category>;

  /** Unit price; null means the product is sold on quotation only. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  price: number | null = null;

  /** Price before configuration charges (configured lines recompute from it). */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  basePrice: number | null = null;

  /** List price elsewhere, shown struck through. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  marketPrice: number | null = null;

  @Property({ type: 'text', nullable: true })
  manufacturerPartNumber: string | null = null;

  /** The ERP's item number for this part, when it is not the part number (decision 071); null: the part number. */
  @Property({ type: 'text', nullable: true })
  erpItemId: string | null = null;

  @Property({ type: 'integer', default: 1 })
  minimumPurchaseQuantity: number = 1;

  @Property({ type: 'integer', default: 1 })
  minTransfer: number = 1;

  /** The most one order may take, counted like a cart line's quantity (packs); null: no maximum (decision 063). */
  @Property({ type: 'integer', nullable: true })
  maxOrderQuantity: number | null = null;

  @Property({ type: 'text', default: 'EA' })
  unitOfMeasure: string = 'EA';

  /** Some warehouse has a piece a buyer may take (kept from stock_level by the stock module, decision 050). */
  @Property({ type: 'boolean', default: true })
  inStock: boolean = true;

  /** A line beyond the stock is taken on backorder (shipped after the lead time); else it is refused. */
  @Property({ type: 'boolean', default: true })
  backorderAllowed: boolean = true;

  /** Business days a backorder takes; null: the brand's, else DEFAULT_LEAD_TIME_DAYS. */
  @Property({ type: 'integer', nullable: true })
  leadTimeDays: number | null = null;

  /** Two-letter state codes this product may ship to; empty means anywhere. */
  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  allowedStates: string[] = [];

  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  images: string[] = [];

  @Property({ type: 'json', default: '[]' })
  cadFiles: CadFileValue[] = [];

  @Property({ type: 'text', default: 'regular' })
  displayKind: ProductDisplayKind = 'regular';

  @Property({ type: 'text', nullable: true })
  measureKind: ProductMeasureKind | null = null;

  @Property({ type: 'json', default: '[]' })
  attributes: SpecAttributeValue[] = [];

  @Property({ type: new DecimalType('number'), precision: 10, scale: 3, nullable: true })
  weightKg: number | null = null;

  /** Site ids that carry this product (sites with showAllProducts=false only show these). */
  @Index({ type: 'gin' })
  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  sites: string[] = [];

  /**
   * Ranks search ties, category listings and recommendations: the seeded (or imported) base plus the
   * click-stream's score, which `refreshPopularity` (analytics/popularity.ts) keeps current.
   */
  @Property({ type: 'integer', default: 0 })
  popularity: number = 0;

  /** The click-stream's share of `popularity` at the last refresh (`popularity - eventPopularity`: the base). */
  @Property({ type: 'integer', default: 0 })
  eventPopularity: number = 0;

  @OneToMany(() => ProductConfigurationOption, (option) => option.product, { orderBy: { position: 'asc' } })
  configurationOptions = new Collection<ProductConfigurationOption>(this);

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

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
