import {
  Arg,
  Authorized,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { adminSiteService } from './site-admin.service';
import { storefrontOf } from './site.directory';
import type { Ctx as RequestCtx } from '../../context';
import { notFound } from '../../common/errors';

@ObjectType({ description: 'What every site has (base of Site and AdminSite)' })
class SiteFields {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Lower-case ISO 4217 code, e.g. usd' })
  currency!: string;

  @Field(() => String, { description: 'Path of the logo image' })
  logo!: string;

  @Field(() => String, {
    description: 'The legal name of the company selling on the site (footer, invoices, quotes)',
  })
  legalName!: string;

  @Field(() => String, { description: "The company's postal address, on one line" })
  postalAddress!: string;

  @Field(() => String, { description: "Who the footer's copyright line names" })
  copyrightHolder!: string;
}

@InputType({ description: "A site's legal identity (domain/site-legal.schema.ts)" })
class SiteLegalInput {
  @Field(() => String)
  legalName!: string;

  @Field(() => String)
  postalAddress!: string;

  @Field(() => String)
  copyrightHolder!: string;
}

@ObjectType('Site', {
  description: 'The storefront answering this request (host name or x-site-id header; default axl)',
})
export class SiteGql extends SiteFields {
  @Field(() => Boolean, {
    description:
      "The spec's consent test flag: region defaults of analytics consent apply (CONSENT_REGION_DEFAULTS)",
  })
  consentRegionDefaults!: boolean;
}

@ObjectType('AdminSite', { description: 'A site as the console shows it' })
class AdminSiteGql extends SiteFields {
  @Field(() => String, {
    nullable: true,
    description: "The site's own price list, or null for the list prices",
  })
  priceListId!: string | null;

  @Field(() => Boolean, { description: 'false: only the products listed for the site' })
  showAllProducts!: boolean;

  @Field(() => Int)
  listedProducts!: number;

  @Field(() => Int)
  orders!: number;
}

@Resolver(() => SiteGql)
export class SiteResolver {
  @Query(() => SiteGql)
  async site(@Ctx() ctx: RequestCtx): Promise<SiteGql> {
    const site = await ctx.catalog.site();
    if (!site) throw notFound(`Site ${ctx.site}`);
    return storefrontOf(site, ctx.app.consentRegionDefaults);
  }

  @Authorized(...CONSOLE_ACCESS.sites)
  @Query(() => [AdminSiteGql], { description: 'Every site with its currency and catalogue visibility' })
  adminSites(@Ctx() ctx: RequestCtx) {
    return adminSiteService.list(ctx);
  }

  @Authorized(...CONSOLE_ACCESS.sites)
  @Mutation(() => AdminSiteGql, {
    description: 'Shows the whole catalogue on a site, or only its listed products',
  })
  setSiteVisibility(
    @Arg('id', () => ID) id: string,
    @Arg('showAllProducts', () => Boolean) showAllProducts: boolean,
    @Ctx() ctx: RequestCtx,
  ) {
    return adminSiteService.setVisibility(ctx, { id, showAllProducts });
  }

  @Authorized(...CONSOLE_ACCESS.sites)
  @Mutation(() => AdminSiteGql, {
    description: "Sets a site's legal name, postal address and copyright holder (Admin)",
  })
  setSiteLegal(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SiteLegalInput) input: SiteLegalInput,
    @Ctx() ctx: RequestCtx,
  ) {
    return adminSiteService.setLegal(ctx, { ...input, id });
  }
}
