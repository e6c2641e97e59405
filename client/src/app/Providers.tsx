import { ApolloProvider } from '@apollo/client/react';
import { TOASTS, type Locale } from '@domain/constants';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import type { Messages } from '../i18n';
import type { ApolloClient } from '@apollo/client';

/** Apollo (the cache is the store), translations and toasts. */
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
        <ToastContainer
          position={TOASTS.position}
          autoClose={TOASTS.autoCloseMs}
          draggablePercent={TOASTS.draggablePercent}
          hotKeys={(e) => e.altKey === TOASTS.hotkey.altKey && e.code === TOASTS.hotkey.code}
        />
      </IntlProvider>
    </ApolloProvider>
  );
}
