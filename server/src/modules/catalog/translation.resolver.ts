import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { NavigationGql, RefinementGql, SearchSuggestionGql } from '../search';
import { CategoryGql, ConfigurationOptionGql, ProductGql, SpecAttributeGql } from './catalog.types';

/*
 * The catalogue's names in the shopper's language (decision 034): the fields keep their English names for the
 * client's logic (filters, codes) and read their translation when one exists.
 */

@Resolver(() => CategoryGql)
export class CategoryNameResolver {
  @FieldResolver(() => String)
  name(@Root() category: CategoryGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return ctx.catalog.translate('category', category.handle, category.name);
  }

  @FieldResolver(() => String, { nullable: true })
  async subtitle(@Root() category: CategoryGql, @Ctx() ctx: RequestCtx): Promise<string | null> {
    return category.subtitle === null
      ? null
      : ctx.catalog.translate('subtitle', category.handle, category.subtitle);
  }
}

/*
 * A product's description in the shopper's language where it has a translation, with the language it is in
 * (decision 059), so a page tags only the English text as English.
 */

const DESCRIPTION_LANG =
  'The language description is written in (BCP 47: en, fr-CA, es-MX): en where it has no translation';

@Resolver(() => ProductGql)
export class ProductDescriptionResolver {
  @FieldResolver(() => String)
  async description(@Root() product: ProductGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return (await ctx.catalog.description(product.id, product.description)).text;
  }

  @FieldResolver(() => String, { description: DESCRIPTION_LANG })
  async descriptionLang(@Root() product: ProductGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return (await ctx.catalog.description(product.id, product.description)).lang;
  }
}

@Resolver(() => SearchSuggestionGql)
export class SearchSuggestionDescriptionResolver {
  @FieldResolver(() => String)
  async description(@Root() product: SearchSuggestionGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return (await ctx.catalog.description(product.id, product.description)).text;
  }

  @FieldResolver(() => String, { description: DESCRIPTION_LANG })
  async descriptionLang(@Root() product: SearchSuggestionGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return (await ctx.catalog.description(product.id, product.description)).lang;
  }
}

@Resolver(() => SpecAttributeGql)
export class SpecAttributeResolver {
  @FieldResolver(() => String)
  name(@Root() attribute: SpecAttributeGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return ctx.catalog.translate('attribute', attribute.name, attribute.name);
  }
}

@Resolver(() => ConfigurationOptionGql)
export class ConfigurationOptionResolver {
  @FieldResolver(() => String)
  name(@Root() option: ConfigurationOptionGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return ctx.catalog.translate('option', option.name, option.name);
  }
}

@Resolver(() => NavigationGql)
export class NavigationResolver {
  @FieldResolver(() => String, {
    description: "The facet's name in the shopper's language (displayName stays the key of its filter)",
  })
  label(@Root() nav: NavigationGql, @Ctx() ctx: RequestCtx): Promise<string> {
    return ctx.catalog.translate('attribute', nav.displayName, nav.displayName);
  }

  @FieldResolver(() => [RefinementGql])
  async refinements(@Root() nav: NavigationGql, @Ctx() ctx: RequestCtx): Promise<RefinementGql[]> {
    if (nav.displayName !== 'CATEGORY') return nav.refinements;
    return Promise.all(
      nav.refinements.map(async (r) => ({
        ...r,
        displayValue: await ctx.catalog.translate('category', r.value, r.displayValue),
      })),
    );
  }
}
