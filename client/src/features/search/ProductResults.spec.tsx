import { describe, expect, it } from '@jest/globals';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import enUS from '../../i18n/messages/en-US.json';
import frCA from '../../i18n/messages/fr-CA.json';
import { ProductResults } from './ProductResults';
import { ProductPricesDocument, SearchProductsDocument } from './graphql/search.generated';

const answer = (results: { id: string; description: string; descriptionLang: string }[]) => ({
  search: {
    __typename: 'SearchAnswer',
    total: results.length,
    exactCounts: true,
    correctedQuery: null,
    results: results.map((r) => ({
      __typename: 'SearchSuggestion',
      name: `Part ${r.id}`,
      image: null,
      ...r,
    })),
    availableNavigation: [],
    searchParams: { __typename: 'SearchParams', searchAttributionToken: 'tok' },
  },
});

const renderResults = (locale: 'en-US' | 'fr-CA', results: Parameters<typeof answer>[0]) =>
  render(
    <MockedProvider
      mocks={[
        {
          request: { query: SearchProductsDocument, variables: () => true },
          result: { data: answer(results) },
        },
        {
          request: { query: ProductPricesDocument, variables: () => true },
          result: { data: { productRefreshDetails: [] } },
        },
      ]}
    >
      <IntlProvider locale={locale} messages={locale === 'fr-CA' ? frCA : enUS}>
        <MemoryRouter initialEntries={['/c/linear-motion']}>
          <ProductResults fixedCategory="linear-motion" />
        </MemoryRouter>
      </IntlProvider>
    </MockedProvider>,
  );

describe('product descriptions in a listing (decision 059)', () => {
  it('on a fr-CA page, tags only the untranslated description as English', async () => {
    renderResults('fr-CA', [
      { id: 'MGN12-R', description: 'Rail profilé miniature de 12 mm.', descriptionLang: 'fr-CA' },
      { id: '608-2RS', description: 'Sealed deep groove ball bearing.', descriptionLang: 'en' },
    ]);
    const french = await screen.findByText('Rail profilé miniature de 12 mm.');
    expect(french.closest('[lang]')).toBeNull();
    expect(screen.getByText('Sealed deep groove ball bearing.').getAttribute('lang')).toBe('en');
  });

  it('on an English page, tags nothing', async () => {
    renderResults('en-US', [
      { id: '608-2RS', description: 'Sealed deep groove ball bearing.', descriptionLang: 'en' },
    ]);
    expect((await screen.findByText('Sealed deep groove ball bearing.')).closest('[lang]')).toBeNull();
  });
});
