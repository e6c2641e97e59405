import { ApolloProvider } from '@apollo/client/react';
import type { Locale } from '@domain/constants';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Messages } from '../i18n';
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
  return (
    <ApolloProvider client={client}>
      <IntlProvider
        locale={locale}
        defaultLocale="en-US"
        messages={messages}
        // Translation formatting errors are silenced: the message id or default text is shown.
        onError={() => undefined}
      >
        {children}
      </IntlProvider>
    </ApolloProvider>
  );
}
