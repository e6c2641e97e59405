import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './app/Providers';
import { routes } from './app/router';
import './app/styles.css';
import { currentLocale, loadMessages } from './i18n';
import { createApolloClient } from './lib/apollo';

async function start() {
  const locale = currentLocale();
  const messages = await loadMessages(locale);
  document.documentElement.lang = locale;
  const router = createBrowserRouter(routes);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={createApolloClient()} locale={locale} messages={messages}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
