import { useEffect, useState } from 'react';

/**
 * The buyer's clock, read after the page is shown and again every `everyMs` (a countdown to a cut-off): null while
 * the server renders and until the browser has hydrated, so both render the same.
 */
export function useNow(everyMs = 60_000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
