import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum ProductDisplayKindGql {
  REGULAR = 'regular',
  SELECT = 'select',
}
registerEnumType(ProductDisplayKindGql, {
  name: 'ProductDisplayKind',
  description: 'How the product page offers the item',
});

export enum ProductMeasureKindGql {
  LENGTH = 'length',
  AREA = 'area',
  VARIANTS = 'variants',
}
registerEnumType(ProductMeasureKindGql, {
  name: 'ProductMeasureKind',
  description: 'What the buyer measures out',
});

export enum ConfigurationKindGql {
  LENGTH = 'length',
  COUNT = 'count',
  CHOICE = 'choice',
  AREA = 'area',
}
registerEnumType(ConfigurationKindGql, { name: 'ConfigurationKind' });

@ObjectType('Category', { description: 'A node of the category tree' })
export class CategoryGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Full path, e.g. motion-control/ballscrews-accessories' })
  handle!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  subtitle!: string | null;

  @Field(() => String, { nullable: true })
  image!: string | null;

  @Field(() => Int)
  position!: number;

  parentId!: string | null;
}

@ObjectType('Brand')
export class BrandGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  handle!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType('SpecAttribute', { description: 'A specification line: Series 20, Lead 5 mm...' })
export class SpecAttributeGql {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType('CadFile')
export class CadFileGql {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'STEP, DXF or PDF' })
  format!: string;

  @Field(() => String)
  url!: string;
}

@ObjectType('DimensionRange', { description: 'A dimension an area option asks for, in mm' })
export class DimensionRangeGql {
  @Field(() => Float) min!: number;
  @Field(() => Float) max!: number;
  @Field(() => Float) step!: number;
  @Field(() => Float, { name: 'default' }) default!: number;
}

@ObjectType('AreaDimensions', {
  description:
    'Width and height of an area option (mm): the value sent is their area in m², with them in metadata',
})
export class AreaDimensionsGql {
  @Field(() => DimensionRangeGql) width!: DimensionRangeGql;
  @Field(() => DimensionRangeGql) height!: DimensionRangeGql;
}

@ObjectType('ConfigurationOption', {
  description: 'A priced way to configure a line: cut length, tapping...',
})
export class ConfigurationOptionGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => ConfigurationKindGql)
  kind!: ConfigurationKindGql;

  @Field(() => String, { nullable: true })
  unit!: string | null;

  @Field(() => Float, { description: 'Price per unit of value (per mm for a cut length)' })
  unitPrice!: number;

  @Field(() => Float, { nullable: true })
  minValue!: number | null;

  @Field(() => Float, { nullable: true })
  maxValue!: number | null;

  @Field(() => Float, { nullable: true })
  step!: number | null;

  @Field(() => Float, { nullable: true })
  defaultValue!: number | null;

  @Field(() => Boolean)
  required!: boolean;

  @Field(() => AreaDimensionsGql, {
    nullable: true,
    description:
      'AREA options: width and height in mm; send value = width × height / 1,000,000 (m²) and metadata {"widthMm","heightMm"}',
  })
  dimensions!: AreaDimensionsGql | null;
}

@ObjectType('PriceBreak', {
  description: 'From minQuantity units (packs, when sold by the pack) a unit costs price',
})
export class PriceBreakGql {
  @Field(() => Int) minQuantity!: number;
  @Field(() => Float) price!: number;
}

@ObjectType('PriceOffer', {
  description:
    "A price list that applies to the caller (the catalogue's, their company's): its price for one and its breaks; the lowest offer for a quantity applies",
})
export class PriceOfferGql {
  @Field(() => Float) price!: number;
  @Field(() => Float, { nullable: true, description: 'Configured products: the price before options' })
  basePrice!: number | null;
  @Field(() => [PriceBreakGql]) breaks!: PriceBreakGql[];
}

@ObjectType('PriceTier', {
  description:
    'From minQuantity units on, one costs unitPrice: savingPct whole percent less than one bought alone',
})
export class PriceTierGql {
  @Field(() => Int) minQuantity!: number;
  @Field(() => Float) unitPrice!: number;
  @Field(() => Int) savingPct!: number;
}

@ObjectType('Product', { description: 'A part; its id is the part number' })
export class ProductGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => BrandGql)
  brand!: BrandGql;

  categoryId!: string;

  @Field(() => Float, { nullable: true, description: 'Null: sold on quotation only' })
  price!: number | null;

  @Field(() => Float, { nullable: true })
  basePrice!: number | null;

  @Field(() => Float, { nullable: true })
  marketPrice!: number | null;

  @Field(() => String, { nullable: true })
  manufacturerPartNumber!: string | null;

  @Field(() => Int)
  minimumPurchaseQuantity!: number;

  @Field(() => Int)
  minTransfer!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      'The most one order may take, counted like the cart line (packs for packs); null: no maximum.',
  })
  maxOrderQuantity!: number | null;

  @Field(() => String)
  unitOfMeasure!: string;

  @Field(() => Boolean)
  inStock!: boolean;

  @Field(() => Boolean, { description: 'In stock, or sold on backorder: it can be ordered (decision 050)' })
  orderable!: boolean;

  @Field(() => [String], { description: 'State codes the product ships to; empty means anywhere' })
  allowedStates!: string[];

  @Field(() => Boolean, {
    description:
      "Whether this site sells it: it may ship to one of the site country's regions; false: its page says it is not sold for delivery there (decision 057)",
  })
  soldOnSite!: boolean;

  @Field(() => [String])
  images!: string[];

  @Field(() => [CadFileGql])
  cadFiles!: CadFileGql[];

  @Field(() => ProductDisplayKindGql)
  displayKind!: ProductDisplayKindGql;

  @Field(() => ProductMeasureKindGql, { nullable: true })
  measureKind!: ProductMeasureKindGql | null;

  @Field(() => [SpecAttributeGql])
  attributes!: SpecAttributeGql[];

  @Field(() => [ConfigurationOptionGql])
  configurationOptions!: ConfigurationOptionGql[];

  @Field(() => Float, { nullable: true })
  weightKg!: number | null;

  @Field(() => [PriceOfferGql], {
    description:
      "The site's price lists with their breaks (a company's own list applies in its cart and productRefreshDetails)",
  })
  priceOffers!: PriceOfferGql[];

  @Field(() => [PriceTierGql], {
    description:
      "The site's quantity tiers: per piece (minQuantity counts packs where sold by the pack), or for the cheapest valid configuration; the first is the price for one; empty: on quotation",
  })
  priceTiers!: PriceTierGql[];
}
