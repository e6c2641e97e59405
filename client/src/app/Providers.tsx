import { ApolloProvider } from '@apollo/client/react';
import type { Locale } from '@domain/constants';
import { useCallback, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { hasMoreMessages, loadMoreMessages, type Messages } from '../i18n';
import type { ApolloClient } from '@apollo/client';

/** Apollo (the cache is the store) and translations; toasts mount on first use (lib/toast.ts). */
export function Providers({
  client,
  locale,
  messages,
  children,
}: {
  client: ApolloClient;
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const [catalogue, setCatalogue] = useState(messages);
  // Translation formatting errors are silenced: the message id or default text is shown. A message of the
  // catalogue's second part (i18n/index.ts) on a page that did not load it: it loads, and the page renders again.
  const onError = useCallback((error: { code?: string }) => {
    if (error.code === 'MISSING_TRANSLATION' && !hasMoreMessages())
      loadMoreMessages().then(
        () => setCatalogue((current) => ({ ...current })),
        () => undefined,
      );
  }, []);
  return (
    <ApolloProvider client={client}>
      <IntlProvider locale={locale} defaultLocale="en-US" messages={catalogue} onError={onError}>
        {children}
      </IntlProvider>
    </ApolloProvider>
  );
}
