/**
 * Server rendering of the shop (decision 018): the page's route (its lazy page modules loaded first) rendered
 * with the request's data — Apollo runs every query of the tree through the server's own GraphQL executor with
 * the request's context (session, site, customer prices) until none is pending. The browser hydrates the markup
 * from the same cache (start.tsx), so it paints before any JavaScript runs and asks nothing again. Built by
 * `vite build --ssr` into dist/ssr/; the server loads it when present.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import type { GraphQLRequest, RenderRequest, Rendered, ShopRenderer } from '@domain/ssr';
import { print } from 'graphql';
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { Providers } from './app/Providers';
import { preloadRoutes, ShopRoutes } from './app/router';
import { currentLocale, loadMessages } from './i18n';
import { MeDocument, type MeQuery } from './features/account/graphql/session.generated';
import { createCache } from './lib/apollo';
import { RenderClock } from './lib/now';
import { ServerPageContext, type ServerPage } from './lib/serverPage';

const requestCookies = new AsyncLocalStorage<string>();
// lib/cookies.ts reads the cookies of the request being rendered through this hook.
(globalThis as { __axlRequestCookies?: () => string }).__axlRequestCookies = () =>
  requestCookies.getStore() ?? '';

const RENDER_BUDGET_MS = 2000;

/** Runs each operation with the server's executor, as the browser's HttpLink would over /graphql. */
function executorLink(execute: RenderRequest['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const request: GraphQLRequest = {
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
        };
        execute(request).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (err: unknown) => observer.error(err),
        );
      }),
  );
}

async function render(request: RenderRequest): Promise<Rendered> {
  return requestCookies.run(request.cookies, async () => {
    const url = new URL(request.url);
    await preloadRoutes(url.pathname);
    const client = new ApolloClient({
      ssrMode: true,
      link: executorLink(request.execute),
      cache: createCache(),
    });
    const locale = currentLocale();
    const messages = await loadMessages(locale);
    let title: string | null = null;
    let siteName: string | null = null;
    let redirect: string | null = null;
    let found = true;
    const page: ServerPage = {
      title: (pageTitle, name) => {
        title = pageTitle;
        siteName = name;
      },
      redirect: (to) => (redirect ??= to),
      notFound: () => (found = false),
    };
    const renderedAt = Date.now();
    const { result } = await prerenderStatic({
      tree: (
        <ServerPageContext.Provider value={page}>
          <RenderClock.Provider value={renderedAt}>
            <Providers client={client} locale={locale} messages={messages}>
              <StaticRouter location={url.pathname + url.search}>
                <ShopRoutes />
              </StaticRouter>
            </Providers>
          </RenderClock.Provider>
        </ServerPageContext.Provider>
      ),
      renderFunction: renderToString,
      maxRerenders: 10,
      // A slow query does not hold the page: past this, the markup shows what is loading and the browser asks.
      signal: AbortSignal.timeout(RENDER_BUDGET_MS),
    });
    if (redirect) return { kind: 'redirect', status: 302, location: redirect };
    // An anonymous visitor's `me` is an error, which the cache does not keep: the page records "nobody", so the
    // browser shows the same header as the markup instead of asking again.
    if (!client.readQuery({ query: MeDocument }))
      client.writeQuery({ query: MeDocument, data: { me: null } as unknown as MeQuery });
    return {
      kind: 'page',
      html: result,
      state: client.extract(),
      renderedAt,
      locale,
      title,
      siteName,
      found,
    };
  });
}

export const renderer: ShopRenderer = { render };
