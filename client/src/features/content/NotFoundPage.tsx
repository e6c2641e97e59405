import { useServerPage } from '../../lib/serverPage';
import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';

export function NotFoundContent({ title, text }: { title: string; text: string }) {
  const t = useT();
  useServerPage()?.notFound();
  return (
    <section className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="btn btn--primary" to={ROUTES.home}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  const t = useT();
  usePageMeta(t('notFound.title'));
  return <NotFoundContent title={t('notFound.title')} text={t('notFound.text')} />;
}
