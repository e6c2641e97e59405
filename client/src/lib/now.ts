import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The instant a server-rendered page was rendered (ms since the epoch; null in the browser's own renders). The server
 * renders ship dates on its clock and the browser hydrates them on the same instant, so a card's ship date has its
 * final text, and its height, from the first paint (a scroll position restored on a reload stays on the part).
 */
export const RenderClock = createContext<number | null>(null);

const noSubscription = () => () => {};

/**
 * The buyer's clock, read again every `everyMs` (a countdown to a cut-off). While the server renders and the browser
 * hydrates it is the render's instant (RenderClock), else null, so both render the same; a component shown later
 * (a page opened or returned to in the browser) reads the clock from its first render.
 */
export function useNow(everyMs = 60_000): Date | null {
  const renderedAt = useContext(RenderClock);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [now, setNow] = useState<Date | null>(() =>
    hydrated ? new Date() : renderedAt === null ? null : new Date(renderedAt),
  );
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
