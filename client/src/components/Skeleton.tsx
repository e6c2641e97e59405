import { BRAND } from '@domain/constants';
import { useT } from '../i18n';

/** Placeholder blocks for a page whose feature arrives with a later issue, with a real way to reach us. */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  const t = useT();
  return (
    <div className="skeleton" aria-hidden="false">
      <p className="skeleton__note">
        {t('skeleton.soon', { phone: BRAND.phones.tollFree, email: BRAND.email.help })}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__block" aria-hidden="true" />
      ))}
    </div>
  );
}
