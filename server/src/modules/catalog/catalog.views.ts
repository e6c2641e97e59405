import type { Brand } from './brand.entity';
import type { Category } from './category.entity';
import type { ProductConfigurationOption } from './product-configuration-option.entity';
import type { CadFileValue, Product, SpecAttributeValue } from './product.entity';

/** The documented shapes of catalogue objects: GraphQL types and REST responses are built from these. */
export interface CategoryView {
  id: string;
  handle: string;
  name: string;
  subtitle: string | null;
  image: string | null;
  position: number;
  parentId: string | null;
}

export interface BrandView {
  id: string;
  handle: string;
  name: string;
}

export interface ConfigurationOptionView {
  id: string;
  code: string;
  name: string;
  kind: ProductConfigurationOption['kind'];
  unit: string | null;
  unitPrice: number;
  minValue: number | null;
  maxValue: number | null;
  step: number | null;
  defaultValue: number | null;
  required: boolean;
}

export interface ProductView {
  id: string;
  name: string;
  description: string;
  brand: BrandView;
  categoryId: string;
  price: number | null;
  basePrice: number | null;
  marketPrice: number | null;
  manufacturerPartNumber: string | null;
  minimumPurchaseQuantity: number;
  minTransfer: number;
  unitOfMeasure: string;
  inStock: boolean;
  allowedStates: string[];
  images: string[];
  cadFiles: CadFileValue[];
  displayKind: Product['displayKind'];
  measureKind: Product['measureKind'];
  attributes: SpecAttributeValue[];
  configurationOptions: ConfigurationOptionView[];
  weightKg: number | null;
}

export const toCategoryView = (c: Category): CategoryView => ({
  id: c.id,
  handle: c.handle,
  name: c.name,
  subtitle: c.subtitle,
  image: c.image,
  position: c.position,
  parentId: c.parent?.id ?? null,
});

export const toBrandView = (b: Brand): BrandView => ({ id: b.id, handle: b.handle, name: b.name });

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const toConfigurationOptionView = (o: ProductConfigurationOption): ConfigurationOptionView => ({
  id: o.id,
  code: o.code,
  name: o.name,
  kind: o.kind,
  unit: o.unit,
  unitPrice: Number(o.unitPrice),
  minValue: num(o.minValue),
  maxValue: num(o.maxValue),
  step: num(o.step),
  defaultValue: num(o.defaultValue),
  required: o.required,
});

/** Needs `brand` and `configurationOptions` loaded. */
export const toProductView = (p: Product): ProductView => ({
  id: p.id,
  name: p.name,
  description: p.description,
  brand: toBrandView(p.brand),
  categoryId: p.category.id,
  price: num(p.price),
  basePrice: num(p.basePrice),
  marketPrice: num(p.marketPrice),
  manufacturerPartNumber: p.manufacturerPartNumber,
  minimumPurchaseQuantity: p.minimumPurchaseQuantity,
  minTransfer: p.minTransfer,
  unitOfMeasure: p.unitOfMeasure,
  inStock: p.inStock,
  allowedStates: p.allowedStates,
  images: p.images,
  cadFiles: p.cadFiles,
  displayKind: p.displayKind,
  measureKind: p.measureKind,
  attributes: p.attributes,
  configurationOptions: p.configurationOptions.getItems().map(toConfigurationOptionView),
  weightKg: num(p.weightKg),
});
