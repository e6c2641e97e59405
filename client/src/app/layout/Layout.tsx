import { useSessionSync } from '../../features/account/session';
import { useCartSync } from '../../features/cart/useCart';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { ProgressBar } from './ProgressBar';
import { ConsentBanner } from './ConsentBanner';
import { useAnalytics } from './useAnalytics';
import { KeepScrollAcrossHydration, PreHydrationReplay } from '../../lib/preHydration';

/** A route may hide the footer or the sub-footer through its handle. */
export interface LayoutHandle {
  hideFooter?: boolean;
  hideSubFooter?: boolean;
}

export function Layout() {
  const handles = useMatches().map((m) => (m.handle ?? {}) as LayoutHandle);
  const hideFooter = handles.some((h) => h.hideFooter);
  const hideSubFooter = handles.some((h) => h.hideSubFooter);
  return (
    <>
      <ProgressBar />
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary>
          {/* Each boundary hydrates a server-rendered page as its own task (decision 018). */}
          <Suspense>
            <Outlet />
            <PreHydrationReplay />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!hideFooter && (
        <Suspense>
          <Footer hideSubFooter={hideSubFooter} />
        </Suspense>
      )}
      <ConsentBanner />
      <KeepScrollAcrossHydration.Before />
      <ScrollRestoration />
      <KeepScrollAcrossHydration.After />
      <ShopSync />
    </>
  );
}

/**
 * The shop's background work: the session across tabs, the cart's loading and the browser's copy of its lines,
 * analytics. A component of its own, so what these hooks watch (cart, session, site) re-renders nothing else:
 * in the layout, the cart's first load re-rendered the whole page in one blocking task after hydration.
 */
function ShopSync() {
  useSessionSync();
  useCartSync();
  useAnalytics();
  return null;
}
