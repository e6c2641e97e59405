import type { ApolloCache } from '@apollo/client';
import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import enUS from '../i18n/messages/en-US.json';

/**
 * Renders `ui` as a route of a memory router (at `route`, `*` by default, so a page can read its `:id`), inside
 * Apollo (mocked responses, and `cache` when the test reads it) and the en-US catalogue; `location()` is where
 * the router is now.
 */
export function renderRoute(
  ui: ReactElement,
  {
    path = '/',
    mocks = [] as MockedResponse[],
    route = '*',
    cache,
  }: { path?: string; mocks?: MockedResponse[]; route?: string; cache?: ApolloCache } = {},
) {
  let current: Location | undefined;
  const Probe = () => {
    current = useLocation();
    return null;
  };
  const result = render(
    <MockedProvider mocks={mocks} cache={cache}>
      <IntlProvider locale="en-US" messages={enUS}>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
          <Routes>
            <Route path="/search" element={<p>search page</p>} />
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </MockedProvider>,
  );
  return { ...result, location: () => current! };
}
