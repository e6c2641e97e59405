import { Ctx, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { notFound } from '../../common/errors';

@ObjectType('Site', { description: 'The storefront answering this request (x-site-id header; default axl)' })
export class SiteGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Lower-case ISO 4217 code, e.g. usd' })
  currency!: string;
}

@Resolver(() => SiteGql)
export class SiteResolver {
  @Query(() => SiteGql)
  async site(@Ctx() ctx: RequestCtx): Promise<SiteGql> {
    const site = await ctx.catalog.site();
    if (!site) throw notFound(`Site ${ctx.site}`);
    return { id: site.id, name: site.name, currency: site.currency };
  }
}
