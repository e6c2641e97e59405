import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SEARCH_PAGE_SIZE } from '../../../../domain/search';
import type { Ctx as RequestCtx } from '../../context';
import { searchService } from './search.service';
import { SearchAnswerGql, SearchFiltersGql, SearchSortGql } from './search.types';

@Resolver()
export class SearchResolver {
  @Query(() => SearchAnswerGql, {
    description: 'Search as you type: up to 8 products, brands, corrected spelling',
  })
  typeAhead(
    @Arg('term', () => String) term: string,
    @Arg('includeWithoutPrice', () => Boolean, { defaultValue: true }) includeWithoutPrice: boolean,
    @Ctx() ctx: RequestCtx,
  ) {
    return searchService.typeAhead(ctx, { term, includeWithoutPrice });
  }

  @Query(() => SearchAnswerGql, {
    description:
      'Search results with facets (brand, category, spec attributes), sorting and pages (at most 100)',
  })
  search(
    @Arg('query', () => String) query: string,
    @Arg('filters', () => SearchFiltersGql, { nullable: true }) filters: SearchFiltersGql | null,
    @Arg('sort', () => SearchSortGql, { defaultValue: SearchSortGql.RELEVANCE }) sort: SearchSortGql,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: SEARCH_PAGE_SIZE }) pageSize: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return searchService.results(ctx, { query, filters: filters ?? {}, sort, page, pageSize });
  }
}
