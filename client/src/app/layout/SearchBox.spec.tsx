import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TypeAheadDocument } from '../../features/search/graphql/search.generated';
import { renderRoute } from '../../testing/render';
import { SearchBox } from './SearchBox';

const brand = (value: string, count: number) => ({
  __typename: 'Refinement' as const,
  value,
  displayValue: value.toUpperCase(),
  count,
});
const product = (id: string, name: string) => ({
  __typename: 'SearchSuggestion' as const,
  id,
  name,
  description: `${name}, rolled`,
  image: null,
});
const answer = (over: object = {}) => ({
  __typename: 'SearchAnswer' as const,
  total: 2,
  exactCounts: true,
  correctedQuery: null as string | null,
  results: [product('SFU1605-500', 'SFU1605 Ball Screw 500 mm'), product('SFU1605-R1', 'SFU1605 Ball Nut')],
  availableNavigation: [
    {
      __typename: 'Navigation' as const,
      displayName: 'BRAND',
      refinements: [brand('axisline', 9), brand('tbi', 4), brand('hiwin', 2), brand('pmi', 1)],
    },
  ],
  searchParams: {
    __typename: 'SearchParams' as const,
    searchAttributionToken: '4f7c1f55-1a0e-4c51-9d7e-3f7b0d1f2a10',
  },
  ...over,
});
const typeAhead = (term: string, data: object | Error) => ({
  request: { query: TypeAheadDocument, variables: { term, includeWithoutPrice: true } },
  ...(data instanceof Error ? { error: data } : { result: { data: { typeAhead: data } } }),
});

const renderBox = (mocks: object[]) => renderRoute(<SearchBox />, { mocks: mocks as never });

describe('SearchBox', () => {
  it('shows the placeholder and goes to /search?q= on Enter, without leading whitespace', async () => {
    const { location } = renderBox([]);
    const input = screen.getByPlaceholderText('What can we help you find?');
    fireEvent.change(input, { target: { value: '   SFU1605 nut' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(location().pathname).toBe('/search'));
    expect(location().search).toBe('?q=SFU1605%20nut');
  });

  it('does nothing but clear on a blank search, and the clear button empties the box', () => {
    const { location } = renderBox([]);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(location().pathname).toBe('/');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'hgr20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input.value).toBe('');
  });

  it('asks typeahead for the text without leading spaces and &, then shows the corrected query and products', async () => {
    const { location } = renderBox([typeAhead('balscrew', answer({ correctedQuery: 'ballscrew' }))]);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '  &balscrew' } });
    expect(await screen.findByText('Showing results for')).toBeTruthy();
    expect(screen.getByText('ballscrew')).toBeTruthy();
    expect(screen.getByText('SFU1605 Ball Screw 500 mm')).toBeTruthy();
    // "ball"/"screw" in the text promotes the ball-screw category.
    expect(screen.getByRole('option', { name: 'Shop precision rolled ball screws' })).toBeTruthy();
    // Options hold no links (ARIA): choosing one navigates.
    expect(screen.getByRole('listbox').querySelector('a')).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'View All Results' }));
    await waitFor(() => expect(location().search).toBe('?q=ballscrew'));
  });

  it('collapses brands to two, expands with See All Brands and collapses with See Fewer Brands', async () => {
    renderBox([typeAhead('sfu', answer())]);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'sfu' } });
    await screen.findByText('AXISLINE');
    expect(screen.queryByText('HIWIN')).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'See All Brands' }));
    expect(screen.getByText('HIWIN')).toBeTruthy();
    expect(screen.getByText('PMI')).toBeTruthy();
    // Still expanded after the debounce delay: re-rendering does not ask typeahead again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('PMI')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'See Fewer Brands' }));
    expect(screen.queryByText('HIWIN')).toBeNull();
  });

  it('shows each brand’s count only when every match was counted', async () => {
    renderBox([typeAhead('sfu', answer()), typeAhead('soc', answer({ exactCounts: false }))]);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'sfu' } });
    expect((await screen.findByText('AXISLINE')).textContent).toContain('(9)');
    // Past the matches counted (a broad word), a count would be a guess: the brands stay, without it.
    fireEvent.change(input, { target: { value: 'soc' } });
    await waitFor(() => expect(screen.getByText('AXISLINE').textContent).not.toContain('('));
  });

  it('moves through the suggestions with the arrow keys and opens the active one with Enter', async () => {
    const { location } = renderBox([typeAhead('sfu', answer())]);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'sfu' } });
    await screen.findByText('SFU1605 Ball Nut');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // Two brands, See All Brands, then the two products.
    for (let i = 0; i < 4; i++) fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(active.textContent).toContain('SFU1605 Ball Screw 500 mm');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(location().pathname).toBe('/product/detail/SFU1605-500'));
  });

  it('closes with Escape', async () => {
    renderBox([typeAhead('sfu', answer())]);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'sfu' } });
    await screen.findByText('SFU1605 Ball Nut');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('SFU1605 Ball Nut')).toBeNull();
  });

  it('says so when nothing matches', async () => {
    renderBox([typeAhead('zzzz', answer({ total: 0, results: [], availableNavigation: [] }))]);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzzz' } });
    expect(await screen.findByText('Sorry, but no products match this search.')).toBeTruthy();
  });

  it('never says nothing matches the text in the box while that text is still being answered', async () => {
    const nothing = answer({ total: 0, results: [], availableNavigation: [] });
    renderBox([typeAhead('zzzz', nothing), { ...typeAhead('sfu', answer()), delay: 400 }]);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'zzzz' } });
    await screen.findByText('Sorry, but no products match this search.');
    fireEvent.change(input, { target: { value: 'sfu' } });
    expect(screen.queryByText('Sorry, but no products match this search.')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Searching…');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('SFU1605 Ball Nut')).toBeTruthy();
    expect(screen.queryByText('Sorry, but no products match this search.')).toBeNull();
  });

  it('shows the failure toast when typeahead fails', async () => {
    renderBox([typeAhead('rail', new Error('network down'))]);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'rail' } });
    expect(
      await screen.findByText("Oops, it looks like we're having trouble processing your search right now."),
    ).toBeTruthy();
  });
});
