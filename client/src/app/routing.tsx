/**
 * The shop's router (decision 021): React Router's declarative router, with what the shop took from the data
 * router written here — pages whose code loads on demand, the "next page is loading" state for the progress bar,
 * route handles for the layout, and scroll restoration. The data router's loaders, actions and fetchers were
 * never used and cost about 17 kB gzip of the first page's script.
 */
import {
  createContext,
  use,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
  type ComponentType,
  type ReactNode,
} from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router, type Location } from 'react-router-dom';

/** What a route tells the layout (through `handle`), and how it loads its code. */
export interface RouteHandle {
  hideFooter?: boolean;
  hideSubFooter?: boolean;
  /** 'shop': the page's texts are all in the catalogue's first part (i18n/index.ts); else the rest loads with it. */
  messages?: 'shop';
  /** Loads the route's page module; resolved before a server-rendered page hydrates or renders on the server. */
  preload?: () => Promise<unknown>;
}

export interface LazyPage {
  (): ReactNode;
  preload: () => Promise<unknown>;
}

/** Pages whose module failed to load, tried again at the next navigation (not at every render). */
const failedPages = new Set<() => void>();

/**
 * A page whose module loads the first time it is shown. Once loaded it renders at once, so a page whose module
 * was preloaded hydrates without suspending; while loading it suspends, which keeps the previous page on screen
 * during a navigation (navigations are transitions). A failed load is the page's error (the layout's boundary
 * shows it) until the shopper navigates again.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  const retry = () => (loading = undefined);
  const preload = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        failedPages.add(retry);
        throw error;
      },
    ));
  const Page = () => {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  };
  return Object.assign(Page, { preload });
}

const NavigationPendingContext = createContext(false);

/** True from the moment a link is followed until the next page is on screen (its code loaded). */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}

export const RouteHandleContext = createContext<RouteHandle>({});

/** The merged handles of the routes that match the current location. */
export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}

const SCROLL_STORAGE_KEY = 'axl-scroll-positions';

/**
 * A history entry's key for its scroll position. A page loaded whole (a link from an e-mail, a typed address) has
 * no entry state: its key is "default" on every page, so it is keyed by its address instead.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `page:${location.pathname}${location.search}` : location.key;

/** Whether this document was loaded by a reload or Back/Forward (a position to restore), not a new visit. */
function returningToThisPage(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The browser router: history, navigations as transitions (the progress bar reads their pending state) and
 * scroll restoration as shoppers expect it — a new page starts at the top (or at its #anchor), Back and Forward
 * return to where the page was left, a reload keeps the position. The first render never scrolls: a shopper who
 * scrolled the server-rendered page before it hydrated stays where they are.
 */
export function ShopRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  const [pending, startTransition] = useTransition();
  const positions = useRef<Record<string, number>>(null);
  positions.current ??= savedPositions();
  const shown = useRef<Location>(state.location);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      positions.current![scrollKey(shown.current)] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('pagehide', keep);
    const stopListening = history.listen((update) => {
      // The page being left is still on screen: remember where it was.
      positions.current![scrollKey(shown.current)] = window.scrollY;
      // A page whose code did not load (the connection dropped, a deploy replaced the chunk) is tried again.
      failedPages.forEach((retry) => retry());
      failedPages.clear();
      startTransition(() => setState(update));
    });
    // A reload (or Back to) an entry the shopper had scrolled: back to that position, unless they scrolled
    // meanwhile. A new visit opens at the top.
    const saved = positions.current![scrollKey(history.location)];
    if (saved && window.scrollY === 0 && returningToThisPage()) window.scrollTo(0, saved);
    return () => {
      window.removeEventListener('pagehide', keep);
      stopListening();
    };
  }, [history]);

  useLayoutEffect(() => {
    const { action, location } = state;
    if (location === shown.current) return;
    shown.current = location;
    const saved = positions.current![scrollKey(location)];
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [state]);

  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}
