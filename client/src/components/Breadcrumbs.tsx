import { categoryPath, ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';

export function Breadcrumbs({
  trail,
  current,
}: {
  trail: { handle: string; name: string }[];
  current?: string;
}) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t('category.breadcrumbs')}>
      <ol>
        <li>
          <Link to={ROUTES.home}>{t('category.home')}</Link>
        </li>
        {trail.map((c, i) =>
          i === trail.length - 1 && !current ? (
            <li key={c.handle} aria-current="page">
              {c.name}
            </li>
          ) : (
            <li key={c.handle}>
              <Link to={categoryPath(c.handle)}>{c.name}</Link>
            </li>
          ),
        )}
        {current && <li aria-current="page">{current}</li>}
      </ol>
    </nav>
  );
}
