import { useT } from '../i18n';

/** Placeholder blocks while a page's data loads: a busy status for assistive technology, shapes for the eye. */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  const t = useT();
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('skeleton.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__block" aria-hidden="true" />
      ))}
    </div>
  );
}
