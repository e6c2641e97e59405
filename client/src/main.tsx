import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './app/Providers';
import { routes } from './app/router';
import './app/styles.css';
import { currentLocale, loadMessages } from './i18n';
import type { ApolloClient } from '@apollo/client';
import { signOutEverywhere } from './features/account/session';
import { createApolloClient } from './lib/apollo';
import { StorefrontDocument } from './gql/graphql';

async function start() {
  const locale = currentLocale();
  // Any 403 signs the user out (spec section 8): the session ends, other tabs hear of it, the event fires.
  const client: ApolloClient = createApolloClient(() => void signOutEverywhere(client));
  // The site (currency, name, logo) is known before the first paint, so prices never flash another currency.
  const [messages] = await Promise.all([
    loadMessages(locale),
    client.query({ query: StorefrontDocument }).catch(() => undefined),
  ]);
  document.documentElement.lang = locale;
  const router = createBrowserRouter(routes);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={client} locale={locale} messages={messages}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
