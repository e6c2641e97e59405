import { useSessionSync } from '../../features/account/session';
import { useCartSync } from '../../features/cart/useCart';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { ProgressBar } from './ProgressBar';
import { ConsentBanner } from './ConsentBanner';
import { useAnalytics } from './useAnalytics';

/** A route may hide the footer or the sub-footer through its handle. */
export interface LayoutHandle {
  hideFooter?: boolean;
  hideSubFooter?: boolean;
}

export function Layout() {
  const handles = useMatches().map((m) => (m.handle ?? {}) as LayoutHandle);
  const hideFooter = handles.some((h) => h.hideFooter);
  const hideSubFooter = handles.some((h) => h.hideSubFooter);
  useSessionSync();
  useCartSync();
  useAnalytics();
  return (
    <>
      <ProgressBar />
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </main>
      {!hideFooter && <Footer hideSubFooter={hideSubFooter} />}
      <ConsentBanner />
      <ScrollRestoration />
    </>
  );
}
