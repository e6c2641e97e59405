import { useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';
import { ProductResults } from '../search';

/** `/search?q=`: corrected-query banner, facets, sort and pages, all in the URL. */
export function SearchPage() {
  const t = useT();
  const q = (useSearchParams()[0].get('q') ?? '').trim();
  usePageMeta(q ? `${t('page.search.title')}: ${q}` : t('page.search.title'));
  return (
    <div className="container section page">
      <header className="page-header">
        <h1>{t('page.search.title')}</h1>
        <p className="lead">{q ? t('page.search.text', { query: q }) : t('page.search.empty')}</p>
      </header>
      {q && <ProductResults />}
    </div>
  );
}
