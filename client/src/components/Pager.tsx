import { useT } from '../i18n';

/** Previous / page n of m / Next under a list of pages (orders, the company's orders). */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  return (
    <nav className="pager" aria-label={t('orders.pages')}>
      <button
        type="button"
        className="btn btn--outline-primary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('orders.previous')}
      </button>
      <span>{t('orders.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="btn btn--outline-primary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('orders.next')}
      </button>
    </nav>
  );
}
