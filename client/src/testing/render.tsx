import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import enUS from '../i18n/messages/en-US.json';

/** Renders `ui` as a route of a memory router, inside Apollo (mocked responses) and the en-US catalogue. */
export function renderRoute(ui: ReactElement, { path = '/', mocks = [] as MockedResponse[] } = {}) {
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/search', element: <p>search page</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <MockedProvider mocks={mocks}>
      <IntlProvider locale="en-US" messages={enUS}>
        <RouterProvider router={router} />
      </IntlProvider>
    </MockedProvider>,
  );
  return { ...result, router };
}
