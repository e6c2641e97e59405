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
import { STOREFRONT_COOKIE } from '@domain/constants';
import { StorefrontDocument, type StorefrontQuery } from './gql/graphql';
import { readCookie } from './lib/cookies';

async function start() {
  const locale = currentLocale();
  // Any 403 signs the user out (spec section 8): the session ends, other tabs hear of it, the event fires.
  const client: ApolloClient = createApolloClient(() => void signOutEverywhere(client));
  // The site (currency, name, logo) is known before the first paint, so prices never flash another currency:
  // the server sends it with the page (storefront cookie); without it (the dev server) it is asked for.
  const [messages] = await Promise.all([loadMessages(locale), knowSite(client)]);
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

async function knowSite(client: ApolloClient): Promise<void> {
  try {
    const site = JSON.parse(readCookie(STOREFRONT_COOKIE) ?? 'null') as StorefrontQuery['site'] | null;
    if (site?.id && site.currency) {
      const data = { site: { ...site, __typename: 'Site' } } as StorefrontQuery;
      client.writeQuery({ query: StorefrontDocument, data });
      return;
    }
  } catch {
    // An unreadable cookie: ask.
  }
  await client.query({ query: StorefrontDocument }).catch(() => undefined);
}

void start();
