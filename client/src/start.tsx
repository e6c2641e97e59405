import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { preloadRoutes, ShopRoutes } from './app/router';
import { ShopRouter } from './app/routing';
import { currentLocale, startCatalogue } from './i18n';
import type { ApolloClient } from '@apollo/client';
import { signOutEverywhere } from './features/account/session';
import { createApolloClient } from './lib/apollo';
import { RenderClock } from './lib/now';
import { STOREFRONT_COOKIE } from '@domain/constants';
import { SSR_STATE_ELEMENT_ID } from '@domain/ssr';
import { StorefrontDocument, type StorefrontQuery } from './app/graphql/site.generated';
import { readCookie } from './lib/cookies';

/** Restores the server's Apollo cache and hydrates the page, or renders the shell when there was none. */
export async function start() {
  const locale = currentLocale();
  // Any 403 signs the user out (spec section 8): the session ends, other tabs hear of it, the event fires.
  const client: ApolloClient = createApolloClient(() => void signOutEverywhere(client));
  const container = document.getElementById('root')!;
  // A server-rendered page (decision 018) comes with the cache it was rendered from.
  const stateElement = document.getElementById(SSR_STATE_ELEMENT_ID);
  const state = stateElement?.textContent;
  const renderedAt = Number(stateElement?.dataset.renderedAt) || null;
  if (state) client.cache.restore(JSON.parse(state));
  // The site (currency, name, logo) is known before the first paint, so prices never flash another currency:
  // it comes with a server-rendered page, else with the storefront cookie; without either (the dev server)
  // it is asked for.
  const [messages] = await Promise.all([
    startCatalogue(locale),
    state ? undefined : knowSite(client),
    state ? preloadRoutes(window.location.pathname) : undefined,
  ]);
  document.documentElement.lang = locale;
  const app = (
    <StrictMode>
      <RenderClock.Provider value={renderedAt}>
        <Providers client={client} locale={locale} messages={messages}>
          <ShopRouter>
            <ShopRoutes />
          </ShopRouter>
        </Providers>
      </RenderClock.Provider>
    </StrictMode>
  );
  // Hydration as a transition yields to the browser every few milliseconds instead of one long task; the
  // server's markup is on screen meanwhile.
  if (state) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

async function knowSite(client: ApolloClient): Promise<void> {
  try {
    const site = JSON.parse(readCookie(STOREFRONT_COOKIE) ?? 'null') as StorefrontQuery['site'] | null;
    // A cookie from before a field was added to the site (legalName: decision 058) is asked again.
    if (site?.id && site.currency && site.legalName) {
      const data = { site: { ...site, __typename: 'Site' } } as StorefrontQuery;
      client.writeQuery({ query: StorefrontDocument, data });
      return;
    }
  } catch {
    // An unreadable cookie: ask.
  }
  await client.query({ query: StorefrontDocument }).catch(() => undefined);
}
