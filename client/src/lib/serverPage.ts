import { createContext, useContext } from 'react';

/**
 * What a page tells the server while it is rendered there (entry-server.tsx, decision 018): its title and its
 * site's name (og:site_name) for the HTML, a redirect (a signed-out visitor on an account page gets a 302 rather than markup to navigate away
 * from), and that what was asked for does not exist (an unknown product or category answers 404). Null in the
 * browser.
 */
export interface ServerPage {
  title(title: string, siteName: string): void;
  redirect(to: string): void;
  notFound(): void;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

export const useServerPage = () => useContext(ServerPageContext);
