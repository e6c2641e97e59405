import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { NavigationGql, RefinementGql } from '../search/search.types';
import { CategoryGql, ConfigurationOptionGql, SpecAttributeGql } from './catalog.types';

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
