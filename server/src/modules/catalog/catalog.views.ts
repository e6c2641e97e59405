import type { PriceOffer, PriceTier } from '../../../../domain/price-breaks';
import type { AreaDimensions } from '../../../../domain/configuration';
import type { ProductConfigurationOption } from './product.entity';
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
  /** Area options: the width and height the buyer enters (mm). */
  dimensions: AreaDimensions | null;
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
  /** The most one order may take (packs for packs), null: no maximum (decision 063). */
  maxOrderQuantity: number | null;
  unitOfMeasure: string;
  inStock: boolean;
  /** In stock, or sold on backorder (decision 050): "Available to Order". */
  orderable: boolean;
  allowedStates: string[];
  /** Whether the request's site sells it: it may ship to one of the site country's regions (decision 057). */
  soldOnSite: boolean;
  images: string[];
  cadFiles: CadFileValue[];
  displayKind: Product['displayKind'];
  measureKind: Product['measureKind'];
  attributes: SpecAttributeValue[];
  configurationOptions: ConfigurationOptionView[];
  weightKg: number | null;
  /** The price lists that apply to the caller, with their quantity breaks (decision 048). */
  priceOffers: PriceOffer[];
  /** The quantity tiers of one piece, pack piece or cheapest configuration (domain/price-terms.ts productTiers). */
  priceTiers: PriceTier[];
}
