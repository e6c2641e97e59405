import { useSessionSync } from '../../features/account/session';
import { useCartSync } from '../../features/cart/useCart';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useRouteHandle } from '../routing';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { ProgressBar } from './ProgressBar';
import { ConsentBanner } from './ConsentBanner';
import { useAnalytics } from './useAnalytics';
import { PreHydrationReplay } from '../../lib/preHydration';
import { PunchoutBanner } from '../../features/punchout';

/** A route may hide the footer or the sub-footer through its handle. */
export function Layout() {
  const { hideFooter, hideSubFooter } = useRouteHandle();
  const { pathname } = useLocation();
  return (
    <>
      <ProgressBar />
      <Header />
      <PunchoutBanner />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          {/* Each boundary hydrates a server-rendered page as its own task (decision 018). */}
          <Suspense>
            <Outlet />
            <PreHydrationReplay />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!hideFooter && (
        <Suspense>
          <Footer hideSubFooter={hideSubFooter === true} />
        </Suspense>
      )}
      <ConsentBanner />
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
