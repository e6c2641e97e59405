import { useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';

/** Search results arrive with the catalogue and search issue; the page already reads the query. */
export function SearchPage() {
  const t = useT();
  const q = (useSearchParams()[0].get('q') ?? '').trim();
  usePageMeta(t('page.search.title'));
  return (
    <div className="container section page">
      <header className="page-header">
        <h1>{t('page.search.title')}</h1>
        <p className="lead">{q ? t('page.search.text', { query: q }) : t('page.search.empty')}</p>
      </header>
      {q && <Skeleton rows={4} />}
    </div>
  );
}
