import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum SearchSortGql {
  RELEVANCE = 'relevance',
  PRICE_ASC = 'price_asc',
  PRICE_DESC = 'price_desc',
  PART_NUMBER = 'part_number',
}
registerEnumType(SearchSortGql, { name: 'SearchSort' });

@ObjectType('SearchSuggestion', {
  description: 'A product in search answers (spec: results id, name, description, image)',
})
export class SearchSuggestionGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { nullable: true })
  image!: string | null;
}

@ObjectType('Refinement')
export class RefinementGql {
  @Field(() => String, { description: 'The filter value, e.g. a brand handle' })
  value!: string;

  @Field(() => String)
  displayValue!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('Navigation', { description: 'A facet: displayName BRAND holds the brand refinements' })
export class NavigationGql {
  @Field(() => String)
  displayName!: string;

  @Field(() => [RefinementGql])
  refinements!: RefinementGql[];
}

@ObjectType('SearchParams')
export class SearchParamsGql {
  @Field(() => ID, { description: 'Identifies this answer so a later click can be attributed to it' })
  searchAttributionToken!: string;
}

@ObjectType('SearchAnswer')
export class SearchAnswerGql {
  @Field(() => [SearchSuggestionGql])
  results!: SearchSuggestionGql[];

  @Field(() => Int, {
    description:
      'Matches counted: all of them, or, when more match, the number a search reads (1,000 for a results page, 50 for typeahead; exactCounts false: show "1,000+")',
  })
  total!: number;

  @Field(() => Boolean, {
    description:
      'Whether total and the refinement counts count every match; false: they count the products read (decision 041)',
  })
  exactCounts!: boolean;

  @Field(() => String, { nullable: true, description: 'Set when results are shown for a corrected spelling' })
  correctedQuery!: string | null;

  @Field(() => [NavigationGql])
  availableNavigation!: NavigationGql[];

  @Field(() => SearchParamsGql)
  searchParams!: SearchParamsGql;
}

@InputType('AttributeFilter', { description: 'Products having any of the values of one spec attribute' })
export class AttributeFilterGql {
  @Field(() => String, { description: 'A facet name, e.g. "Profile Size"' })
  name!: string;

  @Field(() => [String])
  values!: string[];
}

@InputType('SearchFilters')
export class SearchFiltersGql {
  @Field(() => Boolean, { defaultValue: true, description: 'Include quote-only products (no price)' })
  includeWithoutPrice!: boolean;

  @Field(() => [String], { nullable: true, description: 'Brand handles' })
  brands?: string[];

  @Field(() => String, { nullable: true, description: 'A category handle; its subcategories are included' })
  category?: string | null;

  @Field(() => [AttributeFilterGql], {
    nullable: true,
    description: 'Spec attribute facets (AND across names)',
  })
  attributes?: AttributeFilterGql[];
}
