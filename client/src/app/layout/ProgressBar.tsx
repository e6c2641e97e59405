import { PROGRESS_BAR } from '@domain/constants';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { useNavigationPending } from '../routing';

/**
 * Route-change progress bar: starts at the minimum (0.08), trickles every 800 ms, animates at 200 ms and
 * completes when the next page is ready.
 */
export function ProgressBar() {
  const t = useT();
  const busy = useNavigationPending();
  const [progress, setProgress] = useState<number | null>(null);
  const [wasBusy, setWasBusy] = useState(busy);

  // Start at the minimum when a navigation begins; jump to the end when it completes.
  if (busy !== wasBusy) {
    setWasBusy(busy);
    setProgress(busy ? PROGRESS_BAR.minimum : (p) => (p === null ? null : 1));
  }

  useEffect(() => {
    if (!busy) {
      const hide = setTimeout(() => setProgress(null), PROGRESS_BAR.speedMs * 2);
      return () => clearTimeout(hide);
    }
    const trickle = setInterval(() => {
      setProgress((p) => (p === null ? PROGRESS_BAR.minimum : Math.min(0.994, p + (1 - p) * 0.1)));
    }, PROGRESS_BAR.trickleMs);
    return () => clearInterval(trickle);
  }, [busy]);

  if (progress === null) return null;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={t('app.pageLoading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <div
        className="progress__bar"
        style={{
          transform: `translateX(${(progress - 1) * 100}%)`,
          transition: `transform ${PROGRESS_BAR.speedMs}ms ease`,
        }}
      />
    </div>
  );
}
