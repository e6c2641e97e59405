import { describe, expect, it } from '@jest/globals';
import { parseSearchParams, promotesBallScrews, searchParamsOf, typeaheadText } from './search';

describe('search text rules', () => {
  it('strips leading whitespace, then a leading &, before typeahead', () => {
    expect(typeaheadText('   &nema 17')).toBe('nema 17');
    expect(typeaheadText('&& t-nut')).toBe('t-nut');
    expect(typeaheadText('nuts & bolts')).toBe('nuts & bolts');
    expect(typeaheadText('   ')).toBe('');
  });

  it('promotes the ball-screw category for ball, screw, ballscrew or ball screw', () => {
    expect(promotesBallScrews('SFU1605 Ball Screw')).toBe(true);
    expect(promotesBallScrews('ballscrew 1605')).toBe(true);
    expect(promotesBallScrews('balscrew')).toBe(true);
    expect(promotesBallScrews('cap screws m5')).toBe(true);
    expect(promotesBallScrews('linear rail')).toBe(false);
  });
});

describe('results page URL state', () => {
  it('round-trips query, brands, category, attribute facets, sort and page', () => {
    const state = {
      q: 'linear guide',
      brands: ['hiwin', 'axisline'],
      category: 'linear-motion',
      attributes: [{ name: 'Rail Size', values: ['15', '20'] }],
      sort: 'price_asc' as const,
      page: 3,
    };
    expect(parseSearchParams(new URLSearchParams(searchParamsOf(state)))).toEqual(state);
  });

  it('falls back to defaults for unknown sorts, facets and pages', () => {
    const state = parseSearchParams(new URLSearchParams('q=rail&sort=cheapest&page=-2&f=Colour:red'));
    expect(state).toEqual({
      q: 'rail',
      brands: [],
      category: null,
      attributes: [],
      sort: 'relevance',
      page: 1,
    });
  });
});
